import theme from '../ui/theme.css?inline';
import ui from '../ui/ui.css?inline';
import controls from '../ui/controls.css?inline';
import signIn from './sign-in/sign-in.css?inline';
import base from './widget-base.css?inline';

/**
 * The styles every src/ui-based widget puts into its shadow root: the --kg-* tokens, the
 * primitives, the compact sign-in shown without a session, and the widget base (host box,
 * font, box-sizing). The widget's own CSS follows.
 */
export const WIDGET_CSS = theme + ui + controls + signIn + base;
