/**
 * kg-node-manager's public entry for the host app: the list/detail component, the node editor the
 * create/edit pages use, the node table the dashboard draws its nodes with, and the light-DOM styles
 * they need (the same sheets node-manager.styles.ts inlines into the element's shadow root).
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './node-manager.styles';

installStyles(styles);

export { NodeManager, type NodeManagerProps } from './NodeManager';
export { NodeEditor, type NodeEditorProps } from '../parts/node-form';
export type { NodeListMemory } from './NodeList';
export { qualityFilterOf, type NodeManagerView } from './node-format';
export { FIRST_LIST_STATE } from './use-node-list';
export { NodeTable, NodeActions, NODE_SORT_VALUES, type NodeAction, type NodeColumnKey } from '../parts/node-table';
export { ConceptPicker, type ConceptChoice } from '../parts/snomed-concept';
