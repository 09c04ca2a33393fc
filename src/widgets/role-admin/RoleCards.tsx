import { formatDate } from '../format';
import { selectedCount } from './form/role-form';
import { RoleActions, RoleName, RoleStatus } from './role-parts';
import type { RoleListProps } from './RoleTable';
import { ROLE_TEXTS as T } from '../../contract/texts/admin/roles';

/** The small-screen role list: one card per role with its figures, status switch and actions. */
export function RoleCards({ rows, pending, busy, onToggle, onEdit, onDelete, lockReason }: RoleListProps) {
  if (rows.length === 0) return <div className="kg-admin__empty">{T.noRoles}</div>;
  return (
    <ul className="kg-admin__cards" aria-label={T.listLabel} aria-busy={busy || undefined}>
      {rows.map((r) => (
        <li key={r.id} className="kg-admin-card kg-role-card">
          <div className="kg-admin-card__head">
            <RoleName role={r} />
            <RoleActions role={r} onEdit={onEdit} onDelete={onDelete} lockReason={lockReason} />
          </div>
          <dl className="kg-admin-card__facts kg-role-card__facts">
            <div>
              <dt>{T.permissions}</dt>
              <dd>{selectedCount(r.permissions)}</dd>
            </div>
            <div>
              <dt>{T.colUsers}</dt>
              <dd>{r.userCount}</dd>
            </div>
            <div>
              <dt>{T.colUpdated}</dt>
              <dd>{formatDate(r.updatedAt, '—')}</dd>
            </div>
          </dl>
          <div className="kg-role-card__status">
            <RoleStatus role={r} pending={pending.get(r.id)} onToggle={onToggle} lockReason={lockReason} />
          </div>
        </li>
      ))}
    </ul>
  );
}
