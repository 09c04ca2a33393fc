import type { Permission } from '../access/permissions';

/**
 * A relation's `note` is internal (the relation form's hint: "not visible to all users"; node notes
 * stay public; DESIGN.md §6). It reaches only users holding this permission: the server leaves the
 * key out of everything it sends anyone else, and the screens hide the field. Zod-free, so widgets
 * can import it.
 */
export const RELATION_NOTE_PERMISSION: Permission = 'relations.update';

export function canSeeRelationNotes(permissions: readonly string[] | null | undefined): boolean {
  return permissions?.includes(RELATION_NOTE_PERMISSION) ?? false;
}

/**
 * The one redaction: a relation's fields (a whole relation, or the before/after of a history or
 * audit entry, a socket event's payload, an export row) as one reader may receive them. Whatever
 * sends relation fields to a reader passes them through here with that reader's permissions.
 */
export function relationFieldsFor<T extends object>(fields: T, permissions: readonly string[] | null | undefined): T {
  if (canSeeRelationNotes(permissions) || !('note' in fields)) return fields;
  const { note: _hidden, ...rest } = fields as T & { note?: unknown };
  return rest as T;
}

/**
 * The same redaction for a history entry's field changes: the `note` change is left out for a
 * reader who may not see notes (what the record would not show, its history does not either).
 */
export function relationChangesFor<T extends { field: string }>(changes: readonly T[], permissions: readonly string[] | null | undefined): T[] {
  return canSeeRelationNotes(permissions) ? [...changes] : changes.filter((c) => c.field !== 'note');
}
