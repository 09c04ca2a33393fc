import { NODE_MESSAGES } from '../../../contract';
import type { AuditDetail } from '../../../contract/texts/admin/audit';
import type { AuditedTx } from '../../audit/audited';
import type { Queryable } from '../../db/db';
import { conflict, notFound } from '../../plugins/errors';
import { loadNodeState, nodeEvent, relationEvent, relationStatesOfNode } from '../audit-states';
import { NODE_RECORD } from './record';
import { deleteNode, insertNode, relationCount, updateNode, type NodeInput } from './repository';
import { resolveType } from './service';

/**
 * The node writes, each inside an audited transaction: the routes make them directly, and an
 * approved proposal (modules/review) makes the same ones, with `detail` naming the proposal.
 */

/** What an update must pass besides its version: a node with relations keeps its type (409). */
export async function checkNodeUpdate(db: Queryable, id: string, input: NodeInput): Promise<string> {
  const current = (await db.query<{ node_type_id: string }>('SELECT node_type_id FROM nodes WHERE id = $1', [id]))[0];
  if (!current) throw notFound(NODE_MESSAGES.notFound);
  const typeId = await resolveType(db, input.nodeType);
  if (typeId !== current.node_type_id && (await relationCount(db, id)) > 0) throw conflict(NODE_MESSAGES.typeLocked, 'node_type_locked');
  return typeId;
}

export async function createNodeIn({ tx, record }: AuditedTx, input: NodeInput, userId: string, detail: AuditDetail = {}): Promise<string> {
  const typeId = await resolveType(tx, input.nodeType);
  const created = await insertNode(tx, input, typeId, userId);
  await record(nodeEvent('create', created, null, await loadNodeState(tx, created), detail));
  return created;
}

export async function updateNodeIn({ tx, record, claim }: AuditedTx, id: string, input: NodeInput, expected: number | undefined, userId: string, detail: AuditDetail = {}): Promise<void> {
  await claim(NODE_RECORD, id, expected);
  const typeId = await checkNodeUpdate(tx, id, input);
  const before = await loadNodeState(tx, id);
  await updateNode(tx, id, input, typeId, userId);
  await record(nodeEvent('update', id, before, await loadNodeState(tx, id), detail));
}

export async function deleteNodeIn({ tx, record, claim }: AuditedTx, id: string, expected: number | undefined, detail: AuditDetail = {}): Promise<void> {
  await claim(NODE_RECORD, id, expected);
  const state = await loadNodeState(tx, id);
  if (!state) throw notFound(NODE_MESSAGES.notFound);
  // The event carries what goes with the node, so that a restore brings it all back; each
  // relation also gets its own delete event, for its history.
  const relations = await relationStatesOfNode(tx, id);
  for (const { id: relationId, ...relation } of relations) {
    await record(relationEvent('delete', relationId, relation, null, { removedWithNode: id, ...detail }));
  }
  await deleteNode(tx, id);
  await record(nodeEvent('delete', id, state, null, { relations, ...detail }));
}
