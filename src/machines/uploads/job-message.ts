import { IMPORT_RESULT_TEXTS as R } from '../../contract/texts/imports';
import { sayInLanguage, type TextRef } from '../../contract/texts';

/**
 * What an import's progress or failure says, in the active language. The server speaks English
 * (`message`) and sends the same sentence as declared texts (`text`: ids + values) when it is made
 * of them, so it is worded here from the catalogue; a "N of M rows" message comes with its numbers
 * (progressRows), worded with the locale's number formatting, as the summary tiles are; a message
 * without ids (an older server, a free-form detail) is translated when it is a declared plain text,
 * else shown as the server sent it.
 */
export function jobMessage(
  event: { message?: string; text?: readonly TextRef[] | null; progressRows?: { done: number; total: number }; dryRun?: boolean },
  fallback: string,
): string {
  const rows = event.progressRows;
  if (rows) return (event.dryRun ? R.progressChecked : R.progressImported)(rows.done, rows.total);
  return (event.message && sayInLanguage(event)) || fallback;
}
