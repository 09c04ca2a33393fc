import { styleManifest } from '../styles/style-manifest';
import { styles as admin } from '../parts/admin/styles';
import uplot from 'uplot/dist/uPlot.min.css?inline';
import css from './analytics.css?inline';

/**
 * The style manifest of kg-analytics (uPlot's small stylesheet included: 1 KB): its parts' sheets,
 * then its own, in cascade order. The element's shadow root (analytics.loaded.ts) and the host's
 * entry (index.ts) both take it.
 */
export const styles = styleManifest(admin, uplot, css);
