import { styleManifest } from '../styles/style-manifest';
import { styles as admin } from '../parts/admin/styles';
import { styles as adminConflict } from '../parts/admin-conflict/styles';
import { styles as conflict } from '../parts/conflict/styles';
import { styles as deletion } from '../parts/deletion/styles';
import { styles as drafts } from '../parts/drafts/styles';
import { styles as presence } from '../parts/presence/styles';
import { styles as fhirExport } from '../parts/fhir-export/styles';
import css from './type-admin.css?inline';

/**
 * The style manifest of kg-type-admin: its parts' sheets, then its own, in cascade order. The
 * element's shadow root (type-admin.loaded.ts) and the host's entry (index.ts) both take it.
 */
export const styles = styleManifest(admin, conflict, adminConflict, deletion, drafts, presence, fhirExport, css);
