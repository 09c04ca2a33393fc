import { styleManifest } from '../styles/style-manifest';
import { styles as admin } from '../parts/admin/styles';
import { styles as discussion } from '../parts/discussion/styles';
import css from './review-queue.css?inline';

/**
 * The style manifest of kg-review-queue: its parts' sheets, then its own, in cascade order. The
 * element's shadow root (review-queue.loaded.ts) and the host's entry (index.ts) both take it.
 */
export const styles = styleManifest(admin, discussion, css);
