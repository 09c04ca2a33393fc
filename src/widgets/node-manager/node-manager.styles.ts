import { WIDGET_CSS } from '../widget-css';
import adminCss from '../admin.css?inline';
import files from '../../ui/files.css?inline';
import upload from '../node-upload/node-upload.css?inline';
import nodeForm from './form/node-form.css?inline';
import historyCss from '../history/history.css?inline';
import css from './node-manager.css?inline';
import conflictCss from '../parts/conflict/conflict.css?inline';

/** Everything kg-node-manager needs in its shadow root (loaded with the component, not with the entry); the upload dialog's and the node form's styles included. */
export default WIDGET_CSS + adminCss + files + upload + nodeForm + historyCss + conflictCss + css;
