import { Fragment } from 'react';
import type { User } from '../../contract/admin/users';
import { Avatar } from '../../ui/Avatar';
import { IconButton } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { EditIcon, MailIcon, PhoneIcon, ShieldCheckIcon, TrashIcon } from '../../ui/icons';
import { Tooltip } from '../../ui/overlay/Tooltip';
import { StatusChip } from '../parts/admin';
import { USER_TEXTS as T } from '../../contract/texts/admin/users';
import { isAdminUser, roleName, shortId } from './user-list';

/** Cells shared by the table and the cards. */

export function UserIdentity({ user }: { user: User }) {
  const admin = isAdminUser(user);
  return (
    <div className="kg-user__identity">
      <span className="kg-user__avatar">
        <Avatar name={user.username} size={40} />
        {admin && (
          <span className="kg-user__badge" title={T.admin}>
            <ShieldCheckIcon size={12} />
            <span className="kg-visually-hidden">{T.admin}</span>
          </span>
        )}
      </span>
      <span className="kg-user__names">
        <span className="kg-user__name">{user.username}</span>
        <span className="kg-user__id" title={user.id}>
          {T.shortId(shortId(user.id))}
        </span>
      </span>
    </div>
  );
}

/** An email that wraps only after '@' or before a dot (never inside a name or at its hyphens). */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="kg-user__email-part">{part}</span>
        </Fragment>
      ))}
    </>
  );
}

export function UserContact({ user }: { user: User }) {
  return (
    <div className="kg-user__contact">
      <span className="kg-user__contact-line">
        <MailIcon aria-hidden="true" />
        <span className="kg-user__email">
          <BreakableEmail email={user.email} />
        </span>
      </span>
      {user.mobileNo && (
        <span className="kg-user__contact-line kg-user__contact-line--muted">
          <PhoneIcon aria-hidden="true" />
          <span>{user.mobileNo}</span>
        </span>
      )}
    </div>
  );
}

export function RoleChip({ user }: { user: User }) {
  const name = roleName(user);
  return <span className={cx('kg-chip', name === 'admin' ? 'kg-chip--primary' : name === 'editor' ? 'kg-chip--secondary' : 'kg-chip--default')}>{name}</span>;
}

export function UserStatus({ user }: { user: User }) {
  return (
    <>
      <StatusChip active={user.isActive} activeText={T.active} inactiveText={T.inactive} />
      {/* Restored from a backup without a password: Edit sets one. */}
      {user.hasCredentials === false && <span className="kg-chip kg-chip--warning kg-user-status__no-password">{T.noPasswordYet}</span>}
    </>
  );
}

export interface UserActionsProps {
  user: User;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** Why the signed-in user may not manage this user (grant rules), or null. */
  lockReason?: (user: User) => string | null;
}

/**
 * Edit and Delete; a button the signed-in user may not use (an admin's Delete, or a user above
 * them) stays focusable but inert, with the reason as tooltip and description.
 */
export function UserActions({ user, onEdit, onDelete, lockReason }: UserActionsProps) {
  const manageLock = lockReason?.(user) ?? null;
  const deleteLock = isAdminUser(user) ? T.cannotDeleteAdmin : manageLock;
  return (
    <div className="kg-user__actions">
      {manageLock ? (
        <Tooltip content={manageLock}>
          <IconButton label={T.editNamed(user.username)} title="" aria-disabled="true" className="kg-icon-btn--inert">
            <EditIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <IconButton label={T.editNamed(user.username)} onClick={() => onEdit(user)}>
          <EditIcon />
        </IconButton>
      )}
      {deleteLock ? (
        <Tooltip content={deleteLock}>
          <IconButton label={T.deleteNamed(user.username)} title="" aria-disabled="true" className="kg-icon-btn--danger kg-icon-btn--inert">
            <TrashIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <IconButton label={T.deleteNamed(user.username)} className="kg-icon-btn--danger" onClick={() => onDelete(user)}>
          <TrashIcon />
        </IconButton>
      )}
    </div>
  );
}
