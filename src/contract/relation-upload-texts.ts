/* Zod-free: widget code imports it (see import-texts.ts, which re-exports it). */
import type { UploadTexts } from './node-upload-texts';
import { RELATION_UPLOAD_BUTTON_TEXTS } from './relation-upload-button-texts';
import { defineTexts, joinTexts } from './texts';

/**
 * Header aliases of the bulk relation import (issue 17 item 2), matched trimmed,
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
} as const;
export type RelationUploadColumn = keyof typeof RELATION_UPLOAD_COLUMNS;

/** The template's header row, in this order (also what the error report repeats). */
export const RELATION_TEMPLATE_HEADER = ['Source', 'Source type', 'Target', 'Target type', 'Relation type', 'Weight', 'Relation name', 'Description', 'URL'] as const;

/** The Import Relations dialog and the relation list's Import / Template actions (their ids: relationUpload.buttons.*). */
export const RELATION_UPLOAD_TEXTS = joinTexts(RELATION_UPLOAD_BUTTON_TEXTS, defineTexts('relationUpload', {
  title: 'Import Relations',
  chooseFile: 'Choose File',
  noFileChosen: 'No file chosen',
  instructionsTitle: 'File format',
  instructions: [
    'Required columns: Source, Target and Relation type (also "Source name", "Target name", "relation_type").',
    'Optional columns: Source type, Target type, Weight (1–100), Relation name, Description, URL.',
    'Nodes are found by name (any case); give the node type when a name is used by nodes of several types.',
    'A blank weight takes the relation type\'s default (else 50); a blank relation name takes the relation type\'s name.',
    'Duplicates (same source, target and relation type) are skipped.',
    'Missing or ambiguous nodes, unknown relation types and bad weights go to an error file.',
    'Maximum file size: 20MB.',
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
  /** "Check file" (issue 17 item 3), as the node upload's. */
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
});
