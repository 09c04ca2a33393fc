/**
 * Nodes: the node CRUD, the list and search query planner and the node routes. Relations,
 * history and analytics read nodes and share the list's quality conditions through here.
 */
export { NODE_COUNT_CAP, NODE_QUALITY_CONDITIONS, SEARCH_COUNT_CAP, listNodes, searchNodes, type NodeListQuery, type NodeListResult } from './list-query';
export { deleteNode, findNodeTypeId, getNode, insertNode, nodeWithSnomedCode, relationCount, toNode, updateNode, type NodeInput, type NodeRow } from './repository';
export { nodeConflict, resolveType } from './service';
export { NODE_RECORD, nodeDetail } from './record';
export { nodeRoutes } from './routes';
export { checkNodeUpdate, createNodeIn, deleteNodeIn, updateNodeIn } from './writes';
