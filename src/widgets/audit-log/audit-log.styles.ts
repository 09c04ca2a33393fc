import { WIDGET_CSS } from '../widget-css';
import adminCss from '../admin.css?inline';
import css from './audit-log.css?inline';

/** Everything kg-audit-log needs in its shadow root (loaded with the component, not with the entry). */
export default WIDGET_CSS + adminCss + css;
