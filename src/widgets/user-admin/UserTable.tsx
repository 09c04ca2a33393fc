import type { ReactNode } from 'react';
import type { User } from '../../contract/admin/users';
import { DataTable, type Column } from '../../ui/table/DataTable';
import type { SortState } from '../../ui/table/table-sort';
import { formatDate, formatTime } from '../format';
import { USER_TEXTS as T } from '../../contract/texts/admin/users';
import { RoleChip, UserActions, UserContact, UserIdentity, UserStatus, type UserActionsProps } from './user-parts';
import { USER_SORT_VALUES } from './user-list';

export interface UserTableProps extends Omit<UserActionsProps, 'user'> {
  rows: readonly User[];
  sort: SortState | null;
  onSortChange: (sort: SortState) => void;
  empty: ReactNode;
  busy: boolean;
}

/** The wide-screen list (spec §2): User, Contact, Role, Status, Last Active, Joined, Actions. */
export function UserTable({ rows, sort, onSortChange, empty, busy, onEdit, onDelete, lockReason }: UserTableProps) {
  const columns: Column<User>[] = [
    { key: 'user', header: T.colUser, render: (u) => <UserIdentity user={u} />, sortValue: USER_SORT_VALUES.user },
    { key: 'contact', header: T.colContact, render: (u) => <UserContact user={u} />, sortValue: USER_SORT_VALUES.contact },
    { key: 'role', header: T.role, render: (u) => <RoleChip user={u} />, sortValue: USER_SORT_VALUES.role },
    { key: 'status', header: T.status, render: (u) => <UserStatus user={u} />, sortValue: USER_SORT_VALUES.status },
    {
      key: 'lastActive',
      header: T.colLastActive,
      render: (u) => (
        <span className="kg-admin__date">
          {formatDate(u.lastLogin, T.never)}
          {u.lastLogin && <span className="kg-admin__time">{formatTime(u.lastLogin)}</span>}
        </span>
      ),
      sortValue: USER_SORT_VALUES.lastActive,
    },
    { key: 'joined', header: T.colJoined, render: (u) => <span className="kg-admin__date">{formatDate(u.createdAt, T.notAvailable)}</span>, sortValue: USER_SORT_VALUES.joined },
    { key: 'actions', header: T.colActions, align: 'right', render: (u) => <UserActions user={u} onEdit={onEdit} onDelete={onDelete} lockReason={lockReason} /> },
  ];
  return (
    <DataTable
      label={T.listLabel}
      className="kg-user-table"
      columns={columns}
      rows={rows}
      rowKey={(u) => u.id}
      sort={sort}
      onSortChange={onSortChange}
      empty={empty}
      busy={busy}
      maxHeight="min(70vh, 680px)"
    />
  );
}
