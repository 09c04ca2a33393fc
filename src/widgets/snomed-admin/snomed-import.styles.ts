import files from '../../ui/files.css?inline';
import upload from '../node-upload/node-upload.css?inline';

/** The import dialogs' styles, added to the shadow root when the import flow first loads (SnomedImportFlow). */
export default files + upload;
