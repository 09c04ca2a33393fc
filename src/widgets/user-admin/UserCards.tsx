import { useState, type ReactNode } from 'react';
import type { User } from '../../contract/admin/users';
import { ChevronDownIcon } from '../../ui/icons';
import { formatDate, formatTime } from '../format';
import { USER_TEXTS as T } from '../../contract/texts/admin/users';
import { RoleChip, UserActions, UserContact, UserIdentity, UserStatus, type UserActionsProps } from './user-parts';

export interface UserCardsProps extends Omit<UserActionsProps, 'user'> {
  rows: readonly User[];
  empty: ReactNode;
  busy: boolean;
}

/** The small-screen list: one card per user, expandable to the contact, dates and actions. */
export function UserCards({ rows, empty, busy, onEdit, onDelete, lockReason }: UserCardsProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (rows.length === 0) return <div className="kg-admin__empty">{empty}</div>;
  return (
    <ul className="kg-admin__cards" aria-label={T.listLabel} aria-busy={busy || undefined}>
      {rows.map((u) => {
        const open = expanded.has(u.id);
        const panelId = `kg-user-card-${u.id}`;
        return (
          <li key={u.id} className="kg-admin-card" data-open={open || undefined}>
            <div className="kg-admin-card__head">
              <UserIdentity user={u} />
              <button
                type="button"
                className="kg-icon-btn kg-admin-card__toggle"
                aria-expanded={open}
                aria-controls={panelId}
                aria-label={open ? T.hideDetails(u.username) : T.showDetails(u.username)}
                onClick={() => toggle(u.id)}
              >
                <ChevronDownIcon />
              </button>
            </div>
            <div className="kg-admin-card__chips">
              <RoleChip user={u} />
              <UserStatus user={u} />
              <UserActions user={u} onEdit={onEdit} onDelete={onDelete} lockReason={lockReason} />
            </div>
            {open && (
              <div id={panelId} className="kg-admin-card__details">
                <UserContact user={u} />
                <dl className="kg-admin-card__facts">
                  <div>
                    <dt>{T.colLastActive}</dt>
                    <dd>{u.lastLogin ? `${formatDate(u.lastLogin, T.never)}, ${formatTime(u.lastLogin)}` : T.never}</dd>
                  </div>
                  <div>
                    <dt>{T.colJoined}</dt>
                    <dd>{formatDate(u.createdAt, T.notAvailable)}</dd>
                  </div>
                </dl>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
