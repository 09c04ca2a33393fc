import { useId } from 'react';
import { Checkbox } from '../../../ui/form/Checkbox';
import { PERMISSION_GROUPS, selectedCount, toggleCategory, togglePermission } from './role-form';
import { ROLE_TEXTS as T } from '../../../contract/texts/admin/roles';
import { PERMISSIONS } from '../../../contract/access/permissions';

export interface PermissionChecklistProps {
  selected: readonly string[];
  /** Permissions the signed-in user may grant; the others stay as they are (absent: all). */
  grantable?: readonly string[];
  disabled: boolean;
  onChange: (permissions: string[]) => void;
}

/**
 * system.backup reads more than its name says (the whole archive: relation notes, e-mail
 * addresses, the audit log), so the editor says so beside it.
 */
const describe = (p: { id: string; description: string }) =>
  p.id === 'system.backup' ? (
    <>
      {p.description}
      <span className="kg-permissions__note">{T.backupReadsAll}</span>
    </>
  ) : (
    p.description
  );

/** 'Permissions (selected/total)' and the catalogue in its four categories, each a fieldset. */
export function PermissionChecklist({ selected, grantable, disabled, onChange }: PermissionChecklistProps) {
  const may = (id: string) => !grantable || grantable.includes(id);
  const headingId = useId();
  return (
    <section className="kg-permissions" aria-labelledby={headingId}>
      <h3 id={headingId} className="kg-permissions__heading">
        {T.permissionsHeading(selectedCount(selected), PERMISSIONS.length)}
      </h3>
      <div className="kg-permissions__groups">
        {PERMISSION_GROUPS.map((group) => {
          const count = group.permissions.filter((p) => selected.includes(p.id)).length;
          // "Select all" is about what the user may grant: the others cannot be ticked here.
          const offered = group.permissions.filter((p) => may(p.id));
          const all = offered.length > 0 && offered.every((p) => selected.includes(p.id));
          return (
            <fieldset key={group.category} className="kg-permissions__group" disabled={disabled}>
              <legend className="kg-permissions__legend">
                <span>
                  {group.category} <span className="kg-permissions__count">({count}/{group.permissions.length})</span>
                </span>
              </legend>
              <button
                type="button"
                className="kg-btn kg-btn--text kg-permissions__all"
                aria-label={`${all ? T.clearAll : T.selectAll}: ${group.category}`}
                disabled={!group.permissions.some((p) => may(p.id))}
                onClick={() => onChange(toggleCategory(selected, group, !all, may))}
              >
                {all ? T.clearAll : T.selectAll}
              </button>
              <div className="kg-permissions__list">
                {group.permissions.map((p) => (
                  <Checkbox
                    key={p.id}
                    name="permissions"
                    value={p.id}
                    label={p.name}
                    description={describe(p)}
                    checked={selected.includes(p.id)}
                    disabled={!may(p.id)}
                    onChange={(on) => onChange(togglePermission(selected, p.id, on))}
                  />
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
    </section>
  );
}
