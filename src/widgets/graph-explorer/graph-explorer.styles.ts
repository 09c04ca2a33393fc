import { styleManifest } from '../styles/style-manifest';
import { styles as presence } from '../parts/presence/styles';
import { styles as drafts } from '../parts/drafts/styles';
import { styles as conflict } from '../parts/conflict/styles';
import { styles as evidence } from '../parts/evidence/styles';
import { styles as discussion } from '../parts/discussion/styles';
import { styles as proposals } from '../parts/proposals/styles';
import css from './graph-explorer.css?inline';

/**
 * The style manifest of kg-graph-explorer: its parts' sheets, then its own, in cascade order. The
 * element's shadow root (graph-explorer.element.ts) and the host's entry (index.ts) both take it.
 */
export const styles = styleManifest(presence, drafts, conflict, evidence, discussion, proposals, css);
