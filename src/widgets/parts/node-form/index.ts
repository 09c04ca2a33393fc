/**
 * The node-form part: the node editor (create and edit) that kg-node-manager, the relation editor's
 * '+ Create New Node' dialog and the host's node pages show. Widgets load it lazily
 * (`import('../parts/node-form')`), so nothing else a widget needs statically comes from here.
 */
export { NodeEditor, type NodeEditorProps } from './NodeEditor';
export { styles } from './styles';
