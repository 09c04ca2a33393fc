import { defineTexts } from './texts';
/* Zod-free, and apart from the dialog's texts: the relation list bundles only these (bench/bundle). */

/** The relation list's Download template / Import relations buttons and their toasts (issue 17). */
export const RELATION_UPLOAD_BUTTON_TEXTS = defineTexts('relationUpload.buttons', {
  template: 'Download template',
  templateTooltip: 'Download the relation import template (.xlsx)',
  upload: 'Import relations',
  uploadTooltip: 'Bulk import relations from Excel/CSV',
  templateFailed: 'Failed to download template',
  templateDownloaded: 'Template downloaded successfully',
  uploaded: 'Relations imported successfully',
});
