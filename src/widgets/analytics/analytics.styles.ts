import { WIDGET_CSS } from '../widget-css';
import adminCss from '../admin.css?inline';
import css from './analytics.css?inline';
import uplotCss from 'uplot/dist/uPlot.min.css?inline';

/** Everything kg-analytics needs in its shadow root (uPlot's small stylesheet included: 1 KB). */
export default WIDGET_CSS + adminCss + uplotCss + css;
