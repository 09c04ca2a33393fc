/**
 * kg-relation-editor's public entry for the host app: the component and the light-DOM styles it
 * needs (its style manifest, relation-editor.styles.ts, which the element's shadow
 * root takes too).
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './relation-editor.styles';

installStyles(styles);

export { preloadRelationForm, RelationEditor, type RelationEditorProps, type RelationView } from './RelationEditor';
