import { IMPORT_RESULT_TEXTS as R } from '../contract/texts/imports';
import { localiseEnglish } from '../contract/texts';

/**
 * What an import's progress or failure says, in the active language. The server speaks English;
 * a "N of M rows" message comes with its numbers (progressRows), so it is worded here with the
 * locale's number formatting, as the summary tiles are; a declared text (the generic failure, the
 * file's problems) is translated; anything else is shown as the server sent it.
 */
export function jobMessage(event: { message?: string; progressRows?: { done: number; total: number }; dryRun?: boolean }, fallback: string): string {
  const rows = event.progressRows;
  if (rows) return (event.dryRun ? R.progressChecked : R.progressImported)(rows.done, rows.total);
  return event.message ? localiseEnglish(event.message) : fallback;
}
