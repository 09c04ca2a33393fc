import { defineTexts, icu } from '../contract/texts';

/** The presentational primitives' own words (pagination, close buttons, spinners). */
export const UI_TEXTS = defineTexts('ui', {
  close: 'Close',
  cancel: 'Cancel',
  loading: 'Loading',
  retry: 'Retry',
  rowsPerPage: 'Rows per page:',
  range: icu(['from', 'to', 'total'], (from: string, to: string, total: string) => `${from}–${to} of ${total}`),
  previousPage: 'Previous page',
  nextPage: 'Next page',
  /** The delete confirmation's busy button and its typed-word field ("Type DELETE to confirm"). */
  deleting: 'Deleting...',
  typeToConfirm: icu(['word'], (word: string) => `Type ${word} to confirm`),
  /** A searchable picker's defaults (a screen passes its own) and its clear button. */
  combobox: { loading: 'Loading...', noResults: 'No options', idle: 'Type to search' },
  clearField: icu(['label'], (label: string) => `Clear ${label}`),
  /** An empty list that filters emptied: resets every filter of that list. */
  clearFilters: 'Clear filters',
});
