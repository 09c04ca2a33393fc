/**
 * What the audit trail keeps of nodes and relations: their states (read from the tables) and the
 * events built from them. Below nodes, relations, attachments and history, which all record and
 * restore these states; it imports no other module, so none of them needs another's internals.
 */
export {
  NODE_AUDIT_FIELDS,
  attachmentChanges,
  attachmentSummary,
  loadNodeState,
  nodeChanges,
  nodeEvent,
  type NodeAttachmentState,
  type NodeState,
} from './node-audit';
export {
  RELATION_AUDIT_FIELDS,
  loadRelationState,
  relationChanges,
  relationEvent,
  relationStatesOfNode,
  type RelationState,
} from './relation-audit';
