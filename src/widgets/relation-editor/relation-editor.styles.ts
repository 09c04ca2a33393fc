import { WIDGET_CSS } from '../widget-css';
import adminCss from '../admin.css?inline';
import css from './relation-editor.css?inline';

/** Everything kg-relation-editor needs in its shadow root (loaded with the component, not with the entry). */
export default WIDGET_CSS + adminCss + css;
