/**
 * kg-node-manager's public entry for the host app: the list/detail component, the node editor the
 * create/edit pages use, and the light-DOM styles they need (the same sheets node-manager.styles.ts
 * inlines into the element's shadow root).
 */
import '../../ui/controls.css';
import '../../ui/files.css';
import '../admin.css';
import '../history/history.css';
import '../node-upload/node-upload.css';
import './form/node-form.css';
import './node-manager.css';
import '../parts/conflict/conflict.css';

export { NodeManager, type NodeManagerProps } from './NodeManager';
export { NodeEditor, type NodeEditorProps } from './form/NodeEditor';
export type { NodeListMemory } from './NodeList';
export { qualityFilterOf, type NodeManagerView } from './node-format';
export { FIRST_LIST_STATE } from './use-node-list';
