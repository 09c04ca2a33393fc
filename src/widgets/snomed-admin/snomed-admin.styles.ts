import { styleManifest } from '../styles/style-manifest';
import { styles as admin } from '../parts/admin/styles';
import { styles as deletion } from '../parts/deletion/styles';
import { styles as snomedConcept } from '../parts/snomed-concept/styles';
import { styles as snomedImport } from '../parts/snomed-import/styles';
import css from './snomed-admin.css?inline';

/**
 * The style manifest of kg-snomed-admin (the import dialogs bring their own CSS when they first
 * load): its parts' sheets, then its own, in cascade order. The element's shadow root (snomed-
 * admin.loaded.ts) and the host's entry (index.ts) both take it.
 */
export const styles = styleManifest(admin, deletion, snomedImport, snomedConcept, css);
