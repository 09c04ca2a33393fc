import type { Ref } from 'react';
import { NavLink } from 'react-router';
import { IconButton } from '../../ui';
import {
  ChevronLeftIcon,
  DashboardIcon,
  EditIcon,
  KeyIcon,
  LinkTypeIcon,
  MedicalIcon,
  NodesIcon,
  RelationsIcon,
  ShieldCheckIcon,
  TagIcon,
  UsersIcon,
} from '../../ui/icons';
import { useCurrentUser } from '../session';
import { DRAWER_ENTRIES, permissionsOf, requiredPermission, visibleEntries } from './nav';
import { ReviewBadge } from '../pages/review/ReviewBadge';
import { SHELL_TEXTS as S } from '../../contract/texts/shell';

const ICONS: Record<string, typeof DashboardIcon> = {
  '/dashboard': DashboardIcon,
  '/nodes': NodesIcon,
  '/relations': RelationsIcon,
  '/proposals': EditIcon,
  '/node-types': TagIcon,
  '/relation-types': LinkTypeIcon,
  '/snomed': MedicalIcon,
  '/review': ShieldCheckIcon,
  '/admin/users': UsersIcon,
  '/admin/roles': KeyIcon,
};

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  closeRef?: Ref<HTMLButtonElement>;
}

/** The left navigation: only the entries the user's permissions allow (PAGE_ACCESS). */
export function Drawer({ open, onClose, closeRef }: DrawerProps) {
  const user = useCurrentUser();
  const entries = visibleEntries(DRAWER_ENTRIES, permissionsOf(user));
  const general = entries.filter((e) => !requiredPermission(e.path));
  const admin = entries.filter((e) => requiredPermission(e.path));
  const link = (e: (typeof entries)[number]) => {
    const Icon = ICONS[e.path] ?? DashboardIcon;
    return (
      <li key={e.path}>
        <NavLink to={e.path} className={({ isActive }) => (isActive ? 'kg-nav__link kg-nav__link--active' : 'kg-nav__link')}>
          <Icon />
          <span>{e.label}</span>
          {e.path === '/review' && <ReviewBadge />}
        </NavLink>
      </li>
    );
  };
  // Closed: inert, so its links leave the tab order and the accessibility tree.
  return (
    <aside className="kg-drawer" data-open={open} inert={!open}>
      <div className="kg-drawer__header">
        <span className="kg-brand">
          <span className="kg-brand__mark">
            <NodesIcon />
          </span>
          <span className="kg-brand__name">{S.brand}</span>
        </span>
        <IconButton label={S.closeDrawer} ref={closeRef} onClick={onClose}>
          <ChevronLeftIcon />
        </IconButton>
      </div>
      <nav className="kg-nav" aria-label={S.mainNavigation}>
        <ul className="kg-nav__list">{general.map(link)}</ul>
        {admin.length > 0 && (
          <>
            <hr className="kg-nav__divider" />
            <ul className="kg-nav__list">{admin.map(link)}</ul>
          </>
        )}
      </nav>
    </aside>
  );
}
