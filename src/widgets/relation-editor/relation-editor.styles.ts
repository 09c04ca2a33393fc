import { WIDGET_CSS } from '../widget-css';
import adminCss from '../admin.css?inline';
import nodeFormCss from '../node-manager/form/node-form.css?inline';
import historyCss from '../history/history.css?inline';
import files from '../../ui/files.css?inline';
import upload from '../node-upload/node-upload.css?inline';
import css from './relation-editor.css?inline';

/** Everything kg-relation-editor needs in its shadow root (loaded with the component, not with the entry). */
// The node form: '+ Create New Node' opens it in a dialog inside the shadow root; the Import
// Relations dialog (the node upload's) too.
export default WIDGET_CSS + adminCss + files + upload + nodeFormCss + historyCss + css;
