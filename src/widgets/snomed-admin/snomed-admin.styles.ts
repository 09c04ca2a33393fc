import { WIDGET_CSS } from '../widget-css';
import adminCss from '../admin.css?inline';
import css from './snomed-admin.css?inline';

/**
 * What kg-snomed-admin's first render needs in its shadow root (loaded with the component, not with the
 * entry); the import dialogs bring their own (snomed-import.styles.ts, with SnomedImportFlow).
 */
export default WIDGET_CSS + adminCss + css;
