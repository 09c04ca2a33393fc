import { afterEach, describe, expect, it } from 'vitest';
import { joinSaid, said } from '../../contract/texts';
import { IMPORT_MESSAGES } from '../../contract/texts/imports';
import { formatNumber, requestLocale } from '../../i18n/runtime';
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

  it('words what the server said as ids and values (a stopped import, a resume) in the active language', async () => {
    const sent = joinSaid(said(IMPORT_MESSAGES.failed), said(IMPORT_MESSAGES.stopped, 15000, 100000));
    expect(sent.message).toBe(
      'The import failed because of an unexpected error on the server. The import stopped after 15,000 of 100,000 rows were imported. Upload the file again — rows already imported are skipped.',
    );
    expect(sent.text?.map((t) => t.id)).toEqual(['imports.messages.failed', 'imports.messages.stopped']);
    expect(jobMessage(sent, '')).toBe(sent.message); // English: as sent
    await requestLocale('de');
    expect(jobMessage(sent, '')).toBe(
      'Der Import ist wegen eines unerwarteten Fehlers auf dem Server fehlgeschlagen. Der Import wurde beendet, nachdem 15.000 von 100.000 Zeilen importiert wurden. Laden Sie die Datei erneut hoch – bereits importierte Zeilen werden übersprungen.',
    );
    expect(jobMessage(said(IMPORT_MESSAGES.resuming, 1200), '')).toBe('Der Import wird nach 1.200 Zeilen fortgesetzt…');
    expect(jobMessage(said(IMPORT_MESSAGES.interrupted, 1, null), '')).toBe(
      'Unterbrochen, nachdem 1 Zeile importiert wurde; der Import wird dort fortgesetzt, sobald der Server wieder verfügbar ist.',
    );
    expect(jobMessage(said(IMPORT_MESSAGES.waiting), '')).toBe('Warten, bis ein anderer Import abgeschlossen ist…');
    // An id this client does not know (a newer server): the English as sent.
    expect(jobMessage({ message: 'Later wording', text: [{ id: 'imports.messages.notYet' }] }, '')).toBe('Later wording');
  });

  it('says in English what it sends, as the server always has', () => {
    expect(said(IMPORT_MESSAGES.interrupted, 1, null).message).toBe('Interrupted after 1 row was imported; the import resumes from there when the server is back.');
    expect(said(IMPORT_MESSAGES.resuming, 15000).message).toBe('Resuming the import after 15,000 rows…');
    expect(said('Reading row 7')).toEqual({ message: 'Reading row 7', text: undefined });
  });
});
