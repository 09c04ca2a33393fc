import { styleManifest } from '../styles/style-manifest';
import { styles as admin } from '../parts/admin/styles';
import { styles as deletion } from '../parts/deletion/styles';
import { styles as nodeTable } from '../parts/node-table/styles';
import { styles as upload } from '../parts/upload/styles';
import { styles as nodeForm } from '../parts/node-form/styles';
import { styles as history } from '../parts/history/styles';
import { styles as snomedImport } from '../parts/snomed-import/styles';
import { styles as drafts } from '../parts/drafts/styles';
import { styles as presence } from '../parts/presence/styles';
import { styles as snomedConcept } from '../parts/snomed-concept/styles';
import { styles as discussion } from '../parts/discussion/styles';
import { styles as proposals } from '../parts/proposals/styles';
import { styles as fhirExport } from '../parts/fhir-export/styles';
import css from './node-manager.css?inline';
import { styles as conflict } from '../parts/conflict/styles';
import { styles as evidence } from '../parts/evidence/styles';

/**
 * The style manifest of kg-node-manager (the node table, the upload dialog, the node form and the
 * history panel included): its parts' sheets, then its own, in cascade order. The element's shadow
 * root (node-manager.loaded.ts) and the host's entry (index.ts) both take it; the host's dashboard
 * gets the node table's sheet through that entry too.
 */
export const styles = styleManifest(admin, deletion, nodeTable, upload, nodeForm, history, snomedImport, conflict, drafts, presence, snomedConcept, evidence, discussion, proposals, fhirExport, css);
