/**
 * kg-relation-editor's public entry for the host app: the component and the light-DOM styles it
 * needs (the same sheets relation-editor.styles.ts inlines into the element's shadow root).
 */
import '../../ui/controls.css';
import '../admin.css';
import '../history/history.css';
import '../node-manager/form/node-form.css';
import './relation-editor.css';

export { preloadRelationForm, RelationEditor, type RelationEditorProps, type RelationView } from './RelationEditor';
