import { ROLE_MESSAGES } from '../../contract/texts/admin/roles';
import type { Role } from '../../contract/admin/roles';
import { IconButton } from '../../ui/Button';
import { EditIcon, TrashIcon } from '../../ui/icons';
import { Switch } from '../../ui/form/Switch';
import { Tooltip } from '../../ui/overlay/Tooltip';
import { ROLE_TEXTS as T } from '../../contract/texts/admin/roles';
import { SYSTEM_ROLE_DESCRIPTIONS } from '../../contract/texts/admin/roles';
import { localiseEnglish } from '../../contract/texts';

// Read here so the bundle keeps (and registers) the system roles' texts that localiseEnglish maps.
const SYSTEM_DESCRIPTIONS = Object.values(SYSTEM_ROLE_DESCRIPTIONS);

/** Cells shared by the role table and the role cards. */

export function RoleName({ role }: { role: Role }) {
  return (
    <div className="kg-role__name-cell">
      <span className="kg-role__name-line">
        <span className="kg-role__name">{role.name}</span>
        {role.isSystem && <span className="kg-chip kg-chip--outlined">{T.system}</span>}
      </span>
      {role.description && <span className="kg-role__description">{SYSTEM_DESCRIPTIONS.length > 0 ? localiseEnglish(role.description) : role.description}</span>}
    </div>
  );
}

export interface RoleStatusProps {
  role: Role;
  /** The state being saved (shown at once), or undefined when nothing is pending. */
  pending: boolean | undefined;
  onToggle: (role: Role, active: boolean) => void;
  /** Why the signed-in user may not manage this role (grant rules), or null. */
  lockReason?: (role: Role) => string | null;
}

/** The status switch; system roles cannot be toggled (spec §4). It shows the new state while it is saved. */
export function RoleStatus({ role, pending, onToggle, lockReason }: RoleStatusProps) {
  const active = pending ?? role.isActive;
  return (
    <Switch
      className="kg-role__status"
      label={<span className="kg-role__status-text">{active ? T.active : T.inactive}</span>}
      aria-label={T.activeNamed(role.name)}
      checked={active}
      aria-busy={pending !== undefined || undefined}
      title={lockReason?.(role) ?? undefined}
      disabled={role.isSystem || pending !== undefined || !!lockReason?.(role)}
      onChange={(on) => onToggle(role, on)}
    />
  );
}

export interface RoleActionsProps {
  role: Role;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
  /** Why the signed-in user may not manage this role (grant rules), or null. */
  lockReason?: (role: Role) => string | null;
}

/** Edit and Delete; what the signed-in user may not do stays focusable but inert, with the reason as tooltip. */
export function RoleActions({ role, onEdit, onDelete, lockReason }: RoleActionsProps) {
  const lock = lockReason?.(role) ?? null;
  const deleteLock = role.isSystem ? ROLE_MESSAGES.systemDelete : lock;
  return (
    <div className="kg-role__actions">
      {lock ? (
        <Tooltip content={lock}>
          <IconButton label={T.editNamed(role.name)} title="" aria-disabled="true" className="kg-icon-btn--inert">
            <EditIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <IconButton label={T.editNamed(role.name)} onClick={() => onEdit(role)}>
          <EditIcon />
        </IconButton>
      )}
      {deleteLock ? (
        <Tooltip content={deleteLock}>
          <IconButton label={T.deleteNamed(role.name)} title="" aria-disabled="true" className="kg-icon-btn--danger kg-icon-btn--inert">
            <TrashIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <IconButton label={T.deleteNamed(role.name)} className="kg-icon-btn--danger" onClick={() => onDelete(role)}>
          <TrashIcon />
        </IconButton>
      )}
    </div>
  );
}
