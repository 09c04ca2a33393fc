import { useNavigate } from 'react-router';
import { Menu } from '../../ui';
import { ChartIcon, DownloadIcon, FileIcon, KeyIcon, ShieldIcon, UsersIcon } from '../../ui/icons';
import { useCurrentUser } from '../session';
import { ADMIN_MENU_ENTRIES, permissionsOf, visibleEntries } from './nav';
import { SHELL_TEXTS } from '../../contract/texts/shell';

const ICONS: Record<string, typeof UsersIcon> = {
  '/admin/users': UsersIcon,
  '/admin/roles': KeyIcon,
  '/admin/audit': FileIcon,
  '/admin/analytics': ChartIcon,
  '/admin/backup': DownloadIcon,
};

/** Users, Roles, Audit Log, Analytics, Backup — each shown only with its PAGE_ACCESS permission; no menu when none. */
export function AdminMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const entries = visibleEntries(ADMIN_MENU_ENTRIES, permissionsOf(user));
  if (entries.length === 0) return null;
  return (
    <Menu
      label={SHELL_TEXTS.admin}
      trigger={<ShieldIcon />}
      items={entries.map((e) => {
        const Icon = ICONS[e.path] ?? ShieldIcon;
        return { key: e.path, label: e.label, icon: <Icon />, onSelect: () => navigate(e.path) };
      })}
    />
  );
}
