import { styles as upload } from '../upload/styles';
import snomedImport from './snomed-import.css?inline';

/**
 * The import dialogs' CSS (the upload dialog's, then the SNOMED additions). SnomedImportFlow brings
 * it along when it first loads, into the shadow root or the page alike, so a list's first render
 * carries none of it (bench/bundle): an element's manifest lists nothing for this part.
 */
export const flowStyles: readonly string[] = [...upload, snomedImport];
export const styles: readonly string[] = [];
