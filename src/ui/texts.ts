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
});
