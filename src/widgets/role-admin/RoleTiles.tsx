import type { Role } from '../../contract/admin/roles';
import { CheckCircleIcon, KeyIcon, ShieldIcon, UsersIcon } from '../../ui/icons';
import { roleStats } from './form/role-form';
import { ROLE_TEXTS as T } from '../../contract/texts/admin/roles';

/** The four summary tiles; Permissions shows a dash (spec §2). */
export function RoleTiles({ roles }: { roles: readonly Role[] }) {
  const s = roleStats(roles);
  const tiles = [
    { key: 'total', label: T.totalRoles, value: String(s.total), Icon: ShieldIcon, tone: 'blue' },
    { key: 'active', label: T.activeRoles, value: String(s.active), Icon: CheckCircleIcon, tone: 'green' },
    { key: 'permissions', label: T.permissions, value: T.dash, Icon: KeyIcon, tone: 'amber' },
    { key: 'users', label: T.usersAssigned, value: String(s.usersAssigned), Icon: UsersIcon, tone: 'pink' },
  ] as const;
  return (
    <ul className="kg-role-tiles">
      {tiles.map(({ key, label, value, Icon, tone }) => (
        <li key={key} className="kg-role-tile" data-tone={tone} data-testid={`role-tile-${key}`}>
          <span className="kg-role-tile__icon" aria-hidden="true">
            <Icon />
          </span>
          <span className="kg-role-tile__text">
            <span className="kg-role-tile__label">{label}</span>
            <span className="kg-role-tile__value">{value}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
