import type { Role } from '../../contract/admin/roles';
import { DataTable, type Column } from '../../ui/table/DataTable';
import type { SortState } from '../../ui/table/table-sort';
import { formatDate } from '../format';
import { ROLE_SORT_VALUES, selectedCount } from './form/role-form';
import { RoleActions, RoleName, RoleStatus, type RoleActionsProps, type RoleStatusProps } from './role-parts';
import { ROLE_TEXTS as T } from '../../contract/texts/admin/roles';

export interface RoleListProps extends Omit<RoleActionsProps, 'role'>, Omit<RoleStatusProps, 'role' | 'pending'> {
  rows: readonly Role[];
  pending: ReadonlyMap<string, boolean>;
  busy: boolean;
}

/** The wide-screen role list (spec §2): Role, Permissions, Users, Status, Last Updated, Actions. */
export function RoleTable({ rows, pending, busy, sort, onSortChange, onToggle, onEdit, onDelete, lockReason }: RoleListProps & { sort: SortState | null; onSortChange: (s: SortState) => void }) {
  const columns: Column<Role>[] = [
    { key: 'role', header: T.colRole, render: (r) => <RoleName role={r} />, sortValue: ROLE_SORT_VALUES.role },
    { key: 'permissions', header: T.permissions, render: (r) => <span className="kg-role__count">{selectedCount(r.permissions)}</span>, sortValue: ROLE_SORT_VALUES.permissions },
    { key: 'users', header: T.colUsers, render: (r) => <span className="kg-role__count">{r.userCount}</span>, sortValue: ROLE_SORT_VALUES.users },
    { key: 'status', header: T.colStatus, render: (r) => <RoleStatus role={r} pending={pending.get(r.id)} onToggle={onToggle} lockReason={lockReason} />, sortValue: ROLE_SORT_VALUES.status },
    { key: 'updated', header: T.colUpdated, render: (r) => <span className="kg-admin__date">{formatDate(r.updatedAt, '—')}</span>, sortValue: ROLE_SORT_VALUES.updated },
    { key: 'actions', header: T.colActions, align: 'right', render: (r) => <RoleActions role={r} onEdit={onEdit} onDelete={onDelete} lockReason={lockReason} /> },
  ];
  return (
    <DataTable
      label={T.listLabel}
      className="kg-role-table"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      sort={sort}
      onSortChange={onSortChange}
      empty={T.noRoles}
      busy={busy}
      maxHeight="min(70vh, 680px)"
    />
  );
}
