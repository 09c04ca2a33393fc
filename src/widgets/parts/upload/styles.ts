import files from '../../../ui/files.css?inline';
import upload from './node-upload.css?inline';

/** The upload part's CSS: the file picker, then the upload buttons and the import dialog. */
export const styles: readonly string[] = [files, upload];
