import { styleManifest } from '../styles/style-manifest';
import { styles as admin } from '../parts/admin/styles';
import { styles as conflict } from '../parts/conflict/styles';
import css from './audit-log.css?inline';

/**
 * The style manifest of kg-audit-log: its parts' sheets, then its own, in cascade order. The
 * element's shadow root (audit-log.loaded.ts) and the host's entry (index.ts) both take it.
 */
export const styles = styleManifest(admin, conflict, css);
