import { styleManifest } from '../styles/style-manifest';
import { styles as admin } from '../parts/admin/styles';
import { styles as deletion } from '../parts/deletion/styles';
import { styles as upload } from '../parts/upload/styles';
import { styles as nodeForm } from '../parts/node-form/styles';
import { styles as history } from '../parts/history/styles';
import { styles as conflict } from '../parts/conflict/styles';
import { styles as drafts } from '../parts/drafts/styles';
import { styles as presence } from '../parts/presence/styles';
import { styles as snomedConcept } from '../parts/snomed-concept/styles';
import { styles as discussion } from '../parts/discussion/styles';
import { styles as proposals } from '../parts/proposals/styles';
import css from './relation-editor.css?inline';

/**
 * The style manifest of kg-relation-editor (the Import Relations dialog, the '+ Create New Node'
 * form and the history panel included): its parts' sheets, then its own, in cascade order. The
 * element's shadow root (relation-editor.loaded.ts) and the host's entry (index.ts) both take it.
 */
export const styles = styleManifest(admin, deletion, upload, nodeForm, history, conflict, drafts, presence, snomedConcept, discussion, proposals, css);
