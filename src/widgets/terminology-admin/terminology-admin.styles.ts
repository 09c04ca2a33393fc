import { styleManifest } from '../styles/style-manifest';
import { styles as admin } from '../parts/admin/styles';
import { styles as fhirExport } from '../parts/fhir-export/styles';
import files from '../../ui/files.css?inline';
import css from './terminology-admin.css?inline';

/**
 * The style manifest of kg-terminology: its parts' sheets, the file picker's, then its own, in cascade order. The
 * element's shadow root (terminology-admin.loaded.ts) and the host's entry (index.ts) both take it.
 */
export const styles = styleManifest(admin, fhirExport, files, css);
