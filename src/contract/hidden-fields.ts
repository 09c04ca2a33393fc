import type { Permission } from './access/permissions';
import { RELATION_NOTE_PERMISSION } from './knowledge/relation-notes';

/**
 * Fields that only some readers see, by the audit trail's entity type: a relation's internal note
 * (contract/relation-notes.ts) and an account's email and mobile number (GET /users shows others
 * only id and username without `users.read`). What a reader is not shown, no filter or sort of
 * theirs may match or order by either, and the audit log leaves the field's changes out for them
 * (modules/audit-log). Zod-free, so widgets can import it.
 */
export const HIDDEN_FIELDS: readonly { entityType: string; field: string; permission: Permission }[] = [
  { entityType: 'relation', field: 'note', permission: RELATION_NOTE_PERMISSION },
  { entityType: 'user', field: 'email', permission: 'users.read' },
  { entityType: 'user', field: 'mobileNo', permission: 'users.read' },
];

/** The hidden fields one reader may not see, by entity type. */
export function fieldsHiddenFrom(permissions: readonly string[] | null | undefined): Map<string, string[]> {
  const hidden = new Map<string, string[]>();
  for (const h of HIDDEN_FIELDS) {
    if (permissions?.includes(h.permission)) continue;
    hidden.set(h.entityType, [...(hidden.get(h.entityType) ?? []), h.field]);
  }
  return hidden;
}

/** A record's field changes as one reader may see them: the changes of fields hidden from them are left out. */
export function visibleChanges<T extends { field: string }>(entityType: string | null, changes: readonly T[], permissions: readonly string[] | null | undefined): T[] {
  const hidden = fieldsHiddenFrom(permissions).get(entityType ?? '') ?? [];
  return hidden.length === 0 ? [...changes] : changes.filter((c) => !hidden.includes(c.field));
}
