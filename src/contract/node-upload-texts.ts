import { defineTexts } from './texts';
/* Zod-free: widget code imports it (see import-texts.ts, which re-exports it). */

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
  /** "Check file" (issue 17 item 3): the upload's checks and counts, nothing written. */
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

/** What an upload dialog says: the node upload's texts, or another import's in the same shape (relation-upload-texts.ts). */
export type UploadTexts = { readonly [K in keyof typeof NODE_UPLOAD_TEXTS]: (typeof NODE_UPLOAD_TEXTS)[K] extends readonly string[] ? readonly string[] : string };

/** What the Template / Upload buttons say (the rest of UploadTexts is the dialog's). */
export type UploadButtonTexts = Pick<UploadTexts, 'template' | 'templateTooltip' | 'upload' | 'uploadTooltip' | 'templateFailed' | 'templateDownloaded' | 'uploaded'>;
