import { defineTexts, icu } from './define';
/**
 * Edit conflicts (docs/architecture/versions.md): a save or delete made from a copy someone else
 * changed meanwhile answers 412 and the form offers a choice. Zod-free: the server says `stale`,
 * the conflict dialog (widgets/parts/conflict) says the rest.
 */
export const CONFLICT_TEXTS = defineTexts('conflict', {
  stale: 'This record was changed by someone else after you opened it. Nothing was saved.',
  title: 'Edit conflict',
  changedBy: icu(['name', 'time'], (name: string, time: string) => `Changed by ${name} at ${time} while you were editing`),
  someone: 'someone',
  keepMine: 'Keep mine',
  takeTheirs: 'Take theirs',
  choosePerField: 'Choose per field',
  applyChoices: 'Save the chosen values',
  field: 'Field',
  theirs: 'Theirs',
  yours: 'Yours',
  same: 'No difference',
  empty: '(empty)',
  cancel: 'Cancel',
  deleteChanged: icu(['name', 'time'], (name: string, time: string) => `Changed by ${name} at ${time} since you opened it. Delete it anyway?`),
  deleteAnyway: 'Delete anyway',
  deleteNow: 'Now',
  deleteSeen: 'When you opened it',
});
