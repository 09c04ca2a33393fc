import type { Permission } from './permissions';

/**
 * A relation's `note` is internal (the relation form's hint: "not visible to all users"; node notes
 * stay public). It reaches only users holding this permission: the server leaves the key out of
 * every answer for anyone else, and the screens hide the field. Zod-free, so widgets can import it.
 */
export const RELATION_NOTE_PERMISSION: Permission = 'relations.update';

export function canSeeRelationNotes(permissions: readonly string[] | null | undefined): boolean {
  return permissions?.includes(RELATION_NOTE_PERMISSION) ?? false;
}
