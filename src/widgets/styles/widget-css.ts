import theme from '../../ui/theme.css?inline';
import ui from '../../ui/ui.css?inline';
import controls from '../../ui/controls.css?inline';
import hostReset from './host-reset.css?inline';
import base from './widget-base.css?inline';

/**
 * The styles every src/ui-based widget puts into its shadow root: the --kg-* tokens, the
 * primitives, the element's box against the page and the widget base (font, box-sizing). The widget's own CSS follows.
 * The compact sign-in brings its own styles when it shows (sign-in/SignInPrompt.tsx).
 */
export const WIDGET_CSS = theme + ui + controls + hostReset + base;

/** An element's shadow-root CSS: the widget base, then its style manifest (its own sheets and those of every part it uses). */
export const shadowCss = (manifest: readonly string[]): string => WIDGET_CSS + manifest.join('');
