/**
 * kg-analytics's public entry for the host app: the page's component and the light-DOM styles it
 * needs (the same sheets analytics.styles.ts inlines into the element's shadow root).
 */
import '../../ui/controls.css';
import '../admin.css';
import './analytics.css';
import 'uplot/dist/uPlot.min.css';

export { Analytics } from './Analytics';
