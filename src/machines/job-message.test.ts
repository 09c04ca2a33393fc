import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../contract/texts/imports';
import { formatNumber, requestLocale } from '../i18n/runtime';
import { jobMessage } from './job-message';

/**
 * An import's progress says "N of M rows" with the locale's number formatting (as the summary
 * tiles do) and in the active language; a check says "checked", never "imported"; the generic
 * failure text is translated; a message the client does not know is shown as sent.
 */
describe('jobMessage', () => {
  afterEach(() => requestLocale('en'));

  it('words a progress with its numbers in the active language', async () => {
    expect(jobMessage({ message: 'Imported 1,753 of 2,000 rows', progressRows: { done: 1753, total: 2000 } }, '')).toBe('Imported 1,753 of 2,000 rows');
    expect(jobMessage({ message: 'x', progressRows: { done: 1753, total: 2000 }, dryRun: true }, '')).toBe('Checked 1,753 of 2,000 rows');
    await requestLocale('de');
    const text = jobMessage({ message: 'Imported 1,753 of 2,000 rows', progressRows: { done: 1753, total: 2000 } }, '');
    expect(text).toBe(`${formatNumber(1753)} von ${formatNumber(2000)} Zeilen importiert`);
    expect(text).toContain('1.753');
    expect(jobMessage({ message: 'x', progressRows: { done: 5, total: 9 }, dryRun: true }, '')).toBe('5 von 9 Zeilen geprüft');
  });

  it('translates a declared message, keeps an unknown one, and falls back when there is none', async () => {
    const sent = IMPORT_MESSAGES.failed; // the server's English
    await requestLocale('de');
    expect(jobMessage({ message: sent }, '')).toBe('Der Import ist wegen eines unerwarteten Fehlers auf dem Server fehlgeschlagen.');
    expect(jobMessage({ message: 'Reading row 7' }, '')).toBe('Reading row 7');
    expect(jobMessage({ message: '' }, 'fallback')).toBe('fallback');
  });
});
