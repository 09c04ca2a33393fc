import { defineTexts, icu } from './texts';
/* Zod-free: the server writes its job messages with these English functions, and the upload
 * dialogs render the same sentences from the summary in the active language, with the locale's
 * number formatting (the tiles' formatNumber), so a message never says "1753" beside "1,753". */

const n = (x: number) => x.toLocaleString('en');

/** The sentences of a finished import or check and of its progress (bulk nodes, relations, SNOMED). */
export const IMPORT_RESULT_TEXTS = defineTexts('imports.result', {
  uploaded: icu(
    ['created', 'skipped', 'errors'],
    (created: number, skipped: number, errors: number) => `${n(created)} created, ${n(skipped)} skipped (duplicates), ${n(errors)} with errors`,
    '{created, number} created, {skipped, number} skipped (duplicates), {errors, number} with errors',
  ),
  /** A check says what an import would do, never that one happened. */
  checked: icu(
    ['created', 'skipped', 'errors'],
    (created: number, skipped: number, errors: number) =>
      `${n(created)} would be created, ${n(skipped)} would be skipped (duplicates), ${n(errors)} would be refused; nothing was written`,
    '{created, number} would be created, {skipped, number} would be skipped (duplicates), {errors, number} would be refused; nothing was written',
  ),
  snomedImported: icu(
    ['rows', 'created', 'updated', 'unchanged', 'errors'],
    (rows: number, created: number, updated: number, unchanged: number, errors: number) =>
      `Imported ${n(rows)} rows: ${n(created)} created, ${n(updated)} updated, ${n(unchanged)} unchanged, ${n(errors)} with errors`,
    'Imported {rows, number} rows: {created, number} created, {updated, number} updated, {unchanged, number} unchanged, {errors, number} with errors',
  ),
  snomedChecked: icu(
    ['rows', 'created', 'updated', 'unchanged', 'errors'],
    (rows: number, created: number, updated: number, unchanged: number, errors: number) =>
      `Checked ${n(rows)} rows: ${n(created)} would be created, ${n(updated)} would be updated, ${n(unchanged)} unchanged, ${n(errors)} would be refused; nothing was written`,
    'Checked {rows, number} rows: {created, number} would be created, {updated, number} would be updated, {unchanged, number} unchanged, {errors, number} would be refused; nothing was written',
  ),
  /** Rows of a node upload without a node type get the default type: said, not silent. */
  untyped: icu(
    ['count'],
    (count: number) => (count === 1 ? '1 row had no node type and was typed "General".' : `${n(count)} rows had no node type and were typed "General".`),
    '{count, plural, one {# row had no node type and was typed "General".} other {# rows had no node type and were typed "General".}}',
  ),
  untypedCheck: icu(
    ['count'],
    (count: number) => (count === 1 ? '1 row has no node type and would be typed "General".' : `${n(count)} rows have no node type and would be typed "General".`),
    '{count, plural, one {# row has no node type and would be typed "General".} other {# rows have no node type and would be typed "General".}}',
  ),
  sheet: icu(['sheet'], (sheet: string) => `Sheet read: "${sheet}"`),
  progressImported: icu(['done', 'total'], (done: number, total: number) => `Imported ${n(done)} of ${n(total)} rows`, 'Imported {done, number} of {total, number} rows'),
  progressChecked: icu(['done', 'total'], (done: number, total: number) => `Checked ${n(done)} of ${n(total)} rows`, 'Checked {done, number} of {total, number} rows'),
});
