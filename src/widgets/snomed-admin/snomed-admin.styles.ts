import { WIDGET_CSS } from '../widget-css';
import adminCss from '../admin.css?inline';
import files from '../../ui/files.css?inline';
import upload from '../node-upload/node-upload.css?inline';
import css from './snomed-admin.css?inline';

/** Everything kg-snomed-admin needs in its shadow root (loaded with the component, not with the entry). */
export default WIDGET_CSS + adminCss + files + upload + css;
