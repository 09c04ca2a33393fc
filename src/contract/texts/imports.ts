import { LIMITS } from '../limits';
import { defineTexts, icu, joinTexts } from './define';

/**
 * Texts and file rules of bulk node upload and SNOMED import (spec §2, §5, §8). Kept free of
 * zod so the browser bundles use them without the schemas; imports.ts re-exports them.
 */

/** SNOMED import accepts these extensions; .txt for one RF2 snapshot file, .zip for a release (DESIGN §6). */
export const SNOMED_IMPORT_EXTENSIONS = [...LIMITS.snomedImportExtensions, '.txt', '.zip'] as const;

/** keptRows as an ICU message (`total` is `none` when the file's row count is not known yet). */
const KEPT_ROWS =
  '{total, select, none {{kept, plural, one {# row was} other {# rows were}}} other {{kept, number} of {total, number} {total, plural, one {row was} other {rows were}}}}';

export const IMPORT_MESSAGES = defineTexts('imports.messages', {
  noFile: 'Please select a file first.',
  nodeFileType: 'Please select a valid Excel (.xlsx, .xls) or CSV file.',
  snomedFileType: 'Please select an Excel file (.xlsx or .xls), an RF2 snapshot file (sct2_….txt, der2_….txt) or an RF2 release (.zip)',
  nodeTooLarge: 'The file is larger than 20 MB, the maximum for a bulk upload.',
  snomedTooLarge: icu(['mb'], (mb: number) => `The file is larger than ${mb} MB, the maximum for a SNOMED import.`),
  empty: 'The file is empty.',
  headerOnly: 'The file has a header row but no data rows.',
  noNameColumn: 'The file has no name column: add a column named nodename (or node_name or name).',
  passwordProtected: 'The workbook is password-protected. Remove the password in Excel and upload it again.',
  uploadFailed: 'Failed to upload file',
  snomedImportFailed: 'Failed to import SNOMED concepts',
  /** A job that stopped (server shutdown, lost database) and will resume from its checkpoint. */
  interrupted: icu(
    ['kept', 'total'],
    (kept: number, total: number | null) => `Interrupted after ${keptRows(kept, total)} imported; the import resumes from there when the server is back.`,
    `Interrupted after ${KEPT_ROWS} imported; the import resumes from there when the server is back.`,
  ),
  /** A job that stopped and cannot resume: what was kept stays, the rest needs the file again. */
  stopped: icu(
    ['kept', 'total'],
    (kept: number, total: number | null) =>
      `The import stopped after ${keptRows(kept, total)} imported. Upload the file again — rows already imported are skipped.`,
    `The import stopped after ${KEPT_ROWS} imported. Upload the file again — rows already imported are skipped.`,
  ),
  /** The server's progress messages of a running import (sent as ids + values, worded by the client). */
  received: 'Upload received, reading the file…',
  resuming: icu(['kept'], (kept: number) => `Resuming the import after ${kept.toLocaleString('en')} rows…`, 'Resuming the import after {kept, number} rows…'),
  reconnecting: 'The database connection was lost; reconnecting to resume the import…',
  waiting: 'Waiting for another import to finish…',
  /** A dry run ("Check file"): it writes nothing, so a stopped one starts over. */
  checkReceived: 'Upload received, checking the file…',
  checkInterrupted: 'The check of the file was interrupted; it starts again when the server is back (nothing was written).',
  checkStopped: 'The check of the file stopped (nothing was written). Check the file again.',
  checkResuming: 'Checking the file again from its first row…',
  /** A job that failed for a reason of the server's (a database error): its detail goes to the server log only. */
  failed: 'The import failed because of an unexpected error on the server.',
  checkFailed: 'The check of the file failed because of an unexpected error on the server (nothing was written).',
});

/** "15,000 of 100,000 rows were" — the count a stopped job kept (whole batches only). */
function keptRows(kept: number, total: number | null): string {
  const n = (x: number) => x.toLocaleString('en');
  if (total === null) return `${n(kept)} ${kept === 1 ? 'row was' : 'rows were'}`;
  return `${n(kept)} of ${n(total)} ${total === 1 ? 'row was' : 'rows were'}`;
}

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

/** The Bulk Upload Nodes dialog and the node list's Template / Upload buttons (spec §2, §8). */
export const NODE_UPLOAD_TEXTS = defineTexts('nodeUpload', {
  title: 'Bulk Upload Nodes',
  template: 'Template',
  templateTooltip: 'Download Excel template',
  upload: 'Upload',
  uploadTooltip: 'Bulk upload nodes from Excel/CSV',
  chooseFile: 'Choose File',
  noFileChosen: 'No file chosen',
  instructionsTitle: 'File format',
  instructions: [
    'Required column: nodename (or node_name or name).',
    'Optional columns: nodetype (or node_type) and SNOMED (or snomed).',
    'IDs are system-generated.',
    'The same nodename may appear with different nodetypes.',
    'Duplicates (same name plus nodetype, or same SNOMED) are skipped.',
    'Missing nodetypes are auto-created.',
    'A row without a nodetype is typed "General".',
    'Invalid data goes to an error file.',
    'Maximum file size: 20MB.',
  ],
  uploadingText: 'Uploading file...',
  processingText: 'Processing...',
  cancel: 'Cancel',
  uploadButton: 'Upload',
  uploadingButton: 'Uploading...',
  uploadAnother: 'Upload Another File',
  done: 'Done',
  completed: 'Upload Completed',
  totalRows: 'Total Rows',
  created: 'Successfully Created',
  skipped: 'Skipped (Duplicates)',
  errors: 'Errors',
  downloadErrors: 'Download Error Report',
  errorReportName: 'upload_errors.xlsx',
  uploadFailedResponse: 'Upload failed',
  downloadErrorsFailed: 'Failed to download error file',
  templateFailed: 'Failed to download template',
  templateDownloaded: 'Template downloaded successfully',
  uploaded: 'Nodes uploaded successfully',
  /** "Check file": the upload's checks and counts, nothing written. */
  checkButton: 'Check file',
  checkingButton: 'Checking...',
  checkingText: 'Checking the file...',
  checkCompleted: 'Check completed',
  checkHint: 'Import sends the same file for real.',
  importButton: 'Import',
  wouldCreate: 'Would be created',
  wouldSkip: 'Would be skipped',
  wouldRefuse: 'Would be refused',
});

/** What an upload dialog says: the node upload's texts, or another import's in the same shape (RELATION_UPLOAD_TEXTS below). */
export type UploadTexts = { readonly [K in keyof typeof NODE_UPLOAD_TEXTS]: (typeof NODE_UPLOAD_TEXTS)[K] extends readonly string[] ? readonly string[] : string };

/** What the Template / Upload buttons say (the rest of UploadTexts is the dialog's). */
export type UploadButtonTexts = Pick<UploadTexts, 'template' | 'templateTooltip' | 'upload' | 'uploadTooltip' | 'templateFailed' | 'templateDownloaded' | 'uploaded'>;

/* Zod-free, and apart from the dialog's texts: the relation list bundles only these (bench/bundle). */

/** The relation list's Download template / Import relations buttons and their toasts. */
export const RELATION_UPLOAD_BUTTON_TEXTS = defineTexts('relationUpload.buttons', {
  template: 'Download template',
  templateTooltip: 'Download the relation import template (.xlsx)',
  upload: 'Import relations',
  uploadTooltip: 'Bulk import relations from Excel/CSV',
  templateFailed: 'Failed to download template',
  templateDownloaded: 'Template downloaded successfully',
  uploaded: 'Relations imported successfully',
});

/**
 * Header aliases of the bulk relation import, matched trimmed,
 * case-insensitively, with spaces read as '_' ("Source Name" = source_name). Source, target and
 * relation type are required; the rest are optional. The template and the import dialog list them.
 */
export const RELATION_UPLOAD_COLUMNS = {
  source: ['source', 'source_name', 'sourcename', 'source_node', 'source_node_name', 'from'],
  sourceType: ['source_type', 'sourcetype', 'source_node_type'],
  target: ['target', 'target_name', 'targetname', 'target_node', 'target_node_name', 'to'],
  targetType: ['target_type', 'targettype', 'target_node_type'],
  relationType: ['relation_type', 'relationtype', 'type'],
  weight: ['weight', 'strength', 'relationship_strength'],
  relationName: ['relation_name', 'relationname', 'name'],
  description: ['description'],
  url: ['url', 'link'],
  evidenceSource: ['evidence_source', 'evidence_sources', 'evidence', 'source_of_evidence'],
  evidenceQuote: ['evidence_quote', 'evidence_quotes', 'quote'],
  evidenceGrade: ['evidence_grade', 'evidence_grades', 'grade'],
} as const;

export type RelationUploadColumn = keyof typeof RELATION_UPLOAD_COLUMNS;

/** The template's header row, in this order (also what the error report repeats). */
export const RELATION_TEMPLATE_HEADER = ['Source', 'Source type', 'Target', 'Target type', 'Relation type', 'Weight', 'Relation name', 'Description', 'URL', 'Evidence source', 'Evidence quote', 'Evidence grade'] as const;

/** The Import Relations dialog and the relation list's Import / Template actions (their ids: relationUpload.buttons.*). */
export const RELATION_UPLOAD_TEXTS = joinTexts(RELATION_UPLOAD_BUTTON_TEXTS, defineTexts('relationUpload', {
  title: 'Import Relations',
  chooseFile: 'Choose File',
  noFileChosen: 'No file chosen',
  instructionsTitle: 'File format',
  instructions: [
    'Required columns: Source, Target and Relation type (also "Source name", "Target name", "relation_type").',
    'Optional columns: Source type, Target type, Weight (1–100), Relation name, Description, URL, Evidence source, Evidence quote, Evidence grade.',
    'Nodes are found by name (any case); give the node type when a name is used by nodes of several types.',
    'A blank weight takes the relation type\'s default (else 50); a blank relation name takes the relation type\'s name.',
    'Duplicates (same source, target and relation type) are skipped.',
    'Missing or ambiguous nodes, unknown relation types and bad weights go to an error file.',
    'Maximum file size: 20MB.',
    'Evidence: several sources in one cell are separated by "|" (PMID:12345678 | DOI:10.1056/xyz | a web address or a citation); quotes and grades (high, moderate, low, very low) by "|" in the same order, or one grade for all.',
  ],
  uploadingText: 'Uploading file...',
  processingText: 'Processing...',
  cancel: 'Cancel',
  uploadButton: 'Import',
  uploadingButton: 'Importing...',
  uploadAnother: 'Import Another File',
  done: 'Done',
  completed: 'Import Completed',
  totalRows: 'Total Rows',
  created: 'Successfully Created',
  skipped: 'Skipped (Duplicates)',
  errors: 'Errors',
  downloadErrors: 'Download Error Report',
  errorReportName: 'relation_import_errors.xlsx',
  uploadFailedResponse: 'Import failed',
  downloadErrorsFailed: 'Failed to download error file',
  /** "Check file", as the node upload's. */
  checkButton: 'Check file',
  checkingButton: 'Checking...',
  checkingText: 'Checking the file...',
  checkCompleted: 'Check completed',
  checkHint: 'Import sends the same file for real.',
  importButton: 'Import',
  wouldCreate: 'Would be created',
  wouldSkip: 'Would be skipped',
  wouldRefuse: 'Would be refused',
})) satisfies UploadTexts;

/**
 * Why a relation import is refused: the file's (the dialog shows the server's message, in the
 * active language when it is one of these texts) and each row's (the error report's last column,
 * written by the server in English: those with values stay plain functions, outside the catalogue).
 */
export const RELATION_IMPORT_MESSAGES = defineTexts('relationUpload.messages', {
  sourceRequired: 'Source is required',
  targetRequired: 'Target is required',
  typeRequired: 'Relation type is required',
  weightRange: 'Weight must be a whole number between 1 and 100',
  nodeMissing: (end: 'Source' | 'Target', name: string, type: string) =>
    type ? `${end} node "${name}" of type "${type}" not found` : `${end} node "${name}" not found`,
  nodeAmbiguous: (end: 'Source' | 'Target', name: string, types: string[]) =>
    `${end} node "${name}" is ambiguous: nodes of types ${types.map((t) => `"${t}"`).join(', ')} have this name; add the ${end.toLowerCase()} type`,
  unknownRelationType: (name: string) => `Relation type "${name}" does not exist`,
  noColumns: (missing: string[]) => `The file has no ${missing.join(', ')} column: the header row needs Source, Target and Relation type (see the template).`,
  fileType: 'Please select a valid Excel (.xlsx, .xls) or CSV file.',
  tooLarge: 'The file is larger than 20 MB, the maximum for a relation import.',
  evidenceUnpaired: 'More evidence quotes or grades than sources: give them in the order of the sources, separated by "|"',
});
