import { defineTexts, icu } from './define';

/** Texts of the presence avatars and notices. */
export const PRESENCE_TEXTS = defineTexts('presence', {
  label: 'Also here',
  viewing: icu(['name'], (name: string) => `${name} (viewing)`),
  editing: icu(['name'], (name: string) => `${name} (editing)`),
  editingNode: icu(['name'], (name: string) => `${name} is editing this node`),
  editingRelation: icu(['name'], (name: string) => `${name} is editing this relation`),
  editingRecord: icu(['name'], (name: string) => `${name} is editing this record`),
  changedBy: icu(['name'], (name: string | null) => (name ? `Changed by ${name} — review` : 'Changed elsewhere — review'), '{name, select, none {Changed elsewhere — review} other {Changed by {name} — review}}'),
  review: 'Review',
  restoreDraft: icu(['time'], (time: string) => `Restore unsaved changes from ${time}?`),
  restore: 'Restore',
  discard: 'Discard',
});
