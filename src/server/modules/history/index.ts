/** The history of nodes and relations, and restoring an earlier state. */
export { restoreNode, type NodeRestoreOptions } from './node-restore';
export { restoreRelation } from './relation-restore';
export { historyRoutes } from './routes';
