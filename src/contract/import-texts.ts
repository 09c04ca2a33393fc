import { LIMITS } from './limits';
import { defineTexts, icu } from './texts';

/**
 * Texts and file rules of bulk node upload and SNOMED import (spec §2, §5, §8). Kept free of
 * zod so the browser bundles use them without the schemas; imports.ts re-exports them.
 */

/** SNOMED import accepts these extensions; .txt only for the RF2 description file (DESIGN §6). */
export const SNOMED_IMPORT_EXTENSIONS = [...LIMITS.snomedImportExtensions, '.txt'] as const;

export const IMPORT_MESSAGES = defineTexts('imports.messages', {
  noFile: 'Please select a file first.',
  nodeFileType: 'Please select a valid Excel (.xlsx, .xls) or CSV file.',
  snomedFileType: 'Please select an Excel file (.xlsx or .xls) or an RF2 description file (sct2_Description_….txt)',
  nodeTooLarge: 'The file is larger than 20 MB, the maximum for a bulk upload.',
  snomedTooLarge: icu(['mb'], (mb: number) => `The file is larger than ${mb} MB, the maximum for a SNOMED import.`),
  empty: 'The file is empty.',
  headerOnly: 'The file has a header row but no data rows.',
  noNameColumn: 'The file has no name column: add a column named nodename (or node_name or name).',
  passwordProtected: 'The workbook is password-protected. Remove the password in Excel and upload it again.',
  uploadFailed: 'Failed to upload file',
  snomedImportFailed: 'Failed to import SNOMED concepts',
  /** A job that stopped (server shutdown, lost database) and will resume from its checkpoint. */
  interrupted: (kept: number, total: number | null) =>
    `Interrupted after ${keptRows(kept, total)} imported; the import resumes from there when the server is back.`,
  /** A job that stopped and cannot resume: what was kept stays, the rest needs the file again. */
  stopped: (kept: number, total: number | null) =>
    `The import stopped after ${keptRows(kept, total)} imported. Upload the file again — rows already imported are skipped.`,
  /** A dry run ("Check file", issue 17 item 3): it writes nothing, so a stopped one starts over. */
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

// In a file of its own so SNOMED code does not bundle the upload texts (bench/bundle).
export { NODE_UPLOAD_TEXTS } from './node-upload-texts';
export { RELATION_UPLOAD_TEXTS, RELATION_UPLOAD_COLUMNS, RELATION_TEMPLATE_HEADER, RELATION_IMPORT_MESSAGES } from './relation-upload-texts';

/** SNOMED CT Management (spec §2, §8). */
export const SNOMED_TEXTS = defineTexts('snomedAdmin', {
  listLabel: 'SNOMED concepts',
  filtersLabel: 'Filter SNOMED concepts',
  title: 'SNOMED CT Management',
  subtitle: 'Search, review and import SNOMED CT concepts.',
  signIn: 'Sign in to manage SNOMED CT concepts.',
  importButton: 'Import SNOMED',
  search: 'Search',
  searchPlaceholder: 'Search by row ID, concept ID, or Name...',
  searchButton: 'Search',
  clearSearch: 'Clear search',
  status: 'Status',
  allStatuses: 'All Statuses',
  active: 'Active',
  inactive: 'Inactive',
  refresh: 'Refresh',
  colId: 'SNOMED ID',
  colName: 'Name',
  colStatus: 'Status',
  colActions: 'Actions',
  conceptPrefix: 'Concept',
  viewDetails: 'View Details',
  delete: 'Delete',
  empty: 'No SNOMED concepts found',
  loading: 'Loading SNOMED concepts',
  loadFailed: 'Failed to load SNOMED concepts.',
  retry: 'Retry',
  detailsTitle: 'SNOMED Concept Details',
  close: 'Close',
  notAvailable: 'N/A',
  fields: {
    rowId: 'Row ID',
    conceptId: 'Concept ID',
    name: 'Name',
    status: 'Status',
    effectiveTime: 'Effective Time',
    moduleId: 'Module ID',
    languageCode: 'Language Code',
    typeId: 'Type ID',
    caseSignificanceId: 'Case Significance ID',
  },
  deleteTitle: 'Delete SNOMED Concept',
  deleteQuestion: icu(['name'], (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`),
  deleteButton: 'Delete',
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete SNOMED concept',
  deleted: 'SNOMED concept deleted successfully!',
  importTitle: 'Import SNOMED Concepts',
  importInfo: 'Upload an Excel file containing SNOMED concepts. Existing data will NOT be deleted.',
  importRf2Note: 'An RF2 description snapshot (sct2_Description_….txt) is accepted too.',
  downloadTemplate: 'Download Template',
  templateFailed: 'Failed to download template',
  selectFile: 'Select File',
  noFileChosen: 'No file chosen',
  startingUpload: 'Starting upload...',
  processing: 'Processing SNOMED data...',
  cancel: 'Cancel',
  uploadImport: 'Upload & Import',
  importing: 'Importing...',
  summaryTitle: 'Import Summary',
  totalRows: 'Total Rows',
  created: 'Successfully Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  errors: 'Errors',
  errorFileText: 'Some rows had validation errors. Download the error file to review and fix the issues.',
  downloadErrorFile: 'Download Error File',
  downloadErrorFileFailed: 'Failed to download error file',
  imported: 'SNOMED concepts imported successfully!',
  /** "Check file" (issue 17 item 3): the import's checks and counts, nothing written. */
  checkButton: 'Check file',
  checking: 'Checking...',
  checkCompleted: 'Check completed',
  checkHint: 'Import sends the same file for real.',
  importAfterCheck: 'Import',
  wouldCreate: 'Would be created',
  wouldUpdate: 'Would be updated',
  wouldRefuse: 'Would be refused',
});
