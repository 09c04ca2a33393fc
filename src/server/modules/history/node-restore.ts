import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { RESTORE_MESSAGES, type NodeSaveSchema } from '../../../contract';
import { audited, type AuditedTx } from '../../audit/audited';
import type { AuditActor, AuditEvent } from '../../audit/events';
import { stateOf } from '../../audit/history';
import type { Queryable } from '../../db/db';
import { conflict } from '../../plugins/errors';
import { loadNodeState, nodeEvent, type NodeAttachmentState, type NodeState } from '../nodes/node-audit';
import { relationCount } from '../nodes/repository';
import { nodeConflict } from '../nodes/routes';
import { loadRelationState, relationEvent, type RelationState } from '../relations/relation-audit';

/**
 * Restoring a node (issue 16 item 2): back to its state right after `event`, or — for its delete
 * event — back from the dead as it was right before, with its attachments and the relations the
 * delete removed. Either is one audited transaction whose `restore` event names the event it went
 * back to; a name, SNOMED code or type that no longer fits refuses it with a 409 and writes nothing.
 */

/** A state as events keep it, with what bulk-upload events leave out filled in. */
function completeState(state: Partial<NodeState>): NodeState {
  return {
    name: state.name ?? '',
    nodeType: state.nodeType ?? '',
    nodeTypeId: state.nodeTypeId ?? null,
    snomedCode: state.snomedCode ?? null,
    url: state.url ?? null,
    description: state.description ?? null,
    note: state.note ?? null,
    attachments: state.attachments ?? [],
    createdBy: state.createdBy ?? null,
    createdAt: state.createdAt,
  };
}

const UUID = /^[0-9a-f-]{36}$/i;

/** The type by id (a rename since keeps it), else by name; a 409 when it is gone. */
async function typeIdOf(tx: Queryable, table: 'node_types' | 'relation_types', id: string | null, name: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE id = $1::uuid UNION ALL SELECT id FROM ${table} WHERE lower(name) = lower($2) LIMIT 1`,
    [id && UUID.test(id) ? id : null, name],
  );
  return row?.id ?? null;
}

async function nodeTypeIdOf(tx: Queryable, state: NodeState): Promise<string> {
  const id = await typeIdOf(tx, 'node_types', state.nodeTypeId, state.nodeType);
  if (!id) throw conflict(RESTORE_MESSAGES.nodeTypeGone(state.nodeType), 'node_type_gone');
  return id;
}

/**
 * Which of the state's attachment contents are still in the blob store (a purged one is skipped).
 * Asked before the transaction: the embedded database's one connection is the transaction's then.
 */
async function availableBlobs(app: FastifyInstance, state: NodeState): Promise<Set<string>> {
  const found = await Promise.all(state.attachments.map(async (a) => ((await app.blobs.get(a.blobKey)) ? a.blobKey : null)));
  return new Set(found.filter((k): k is string => k !== null));
}

/** Attachment rows back as the state lists them, for the contents still kept. */
async function reinsertAttachments(tx: Queryable, nodeId: string, attachments: NodeAttachmentState[], blobs: Set<string>): Promise<void> {
  for (const a of attachments) {
    if (!blobs.has(a.blobKey)) continue;
    await tx.query(
      `INSERT INTO attachments (id, node_id, filename, content_type, size, blob_key, uploaded_by, uploaded_at)
       VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM users WHERE id = $7::uuid), $8)
       ON CONFLICT (id) DO NOTHING`,
      [a.id, nodeId, a.filename, a.contentType, a.size, a.blobKey, a.uploadedBy, a.uploadedAt],
    );
  }
}

/** Back to the state after an event that is not a delete: the node must exist. */
async function restoreVersion({ tx, record }: AuditedTx, nodeId: string, event: AuditEvent, target: NodeState, blobs: Set<string>, userId: string): Promise<void> {
  await tx.query('SELECT 1 FROM nodes WHERE id = $1 FOR UPDATE', [nodeId]);
  const before = await loadNodeState(tx, nodeId);
  if (!before) throw conflict(RESTORE_MESSAGES.recordDeleted, 'record_deleted');
  const typeId = await nodeTypeIdOf(tx, target);
  if (typeId !== before.nodeTypeId && (await relationCount(tx, nodeId)) > 0) throw conflict(RESTORE_MESSAGES.typeLocked, 'node_type_locked');
  await tx.query(
    `UPDATE nodes SET name = $2, node_type_id = $3, snomed_code = $4, url = $5, description = $6, note = $7, updated_by = $8, updated_at = now()
      WHERE id = $1`,
    [nodeId, target.name, typeId, target.snomedCode, target.url, target.description, target.note, userId],
  );
  // The attachments as they were: rows added since go (their contents stay), rows removed since come back.
  const wanted = new Set(target.attachments.map((a) => a.id));
  const extra = before.attachments.filter((a) => !wanted.has(a.id)).map((a) => a.id);
  if (extra.length) await tx.query('DELETE FROM attachments WHERE id = ANY($1::uuid[])', [extra]);
  const present = new Set(before.attachments.map((a) => a.id));
  await reinsertAttachments(tx, nodeId, target.attachments.filter((a) => !present.has(a.id)), blobs);
  await record(nodeEvent('restore', nodeId, before, await loadNodeState(tx, nodeId), { fromEvent: event.id }));
}

/** Relations the delete removed come back when both ends and their type exist; the others are listed as skipped. */
async function restoreRelations(tx: Queryable, record: AuditedTx['record'], relations: (RelationState & { id: string })[], eventId: string, userId: string) {
  const restored: string[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const { id, ...r } of relations) {
    const [ends] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM nodes WHERE id = ANY($1::uuid[])', [[r.sourceNodeId, r.targetNodeId]]);
    if (ends.n < 2) {
      skipped.push({ id, reason: RESTORE_MESSAGES.endsGone });
      continue;
    }
    const typeId = await typeIdOf(tx, 'relation_types', r.relationTypeId, r.relationType);
    if (!typeId) {
      skipped.push({ id, reason: RESTORE_MESSAGES.relationTypeGone(r.relationType) });
      continue;
    }
    const inserted = await tx.query(
      `INSERT INTO relations (id, source_node_id, target_node_id, relation_type_id, relation_name, weight, url, description, note, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, r.sourceNodeId, r.targetNodeId, typeId, r.relationName, r.weight, r.url, r.description, r.note, userId],
    );
    if (inserted.length === 0) continue; // already back (restored on its own)
    await record(relationEvent('restore', id, null, await loadRelationState(tx, id), { fromEvent: eventId }));
    restored.push(id);
  }
  return { restored, skipped };
}

/** Back from its delete event: the node as it was right before, with its attachments and relations. */
async function restoreDeleted({ tx, record }: AuditedTx, nodeId: string, event: AuditEvent, target: NodeState, blobs: Set<string>, userId: string): Promise<void> {
  if (await loadNodeState(tx, nodeId)) throw conflict(RESTORE_MESSAGES.recordExists, 'record_exists');
  const typeId = await nodeTypeIdOf(tx, target);
  await tx.query(
    `INSERT INTO nodes (id, name, node_type_id, snomed_code, url, description, note, created_by, updated_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT id FROM users WHERE id = $8::uuid), $9, COALESCE($10::timestamptz, now()))`,
    [nodeId, target.name, typeId, target.snomedCode, target.url, target.description, target.note, target.createdBy, userId, target.createdAt ?? null],
  );
  await reinsertAttachments(tx, nodeId, target.attachments, blobs);
  const removed = (event.detail?.relations as (RelationState & { id: string })[] | undefined) ?? [];
  const { restored, skipped } = await restoreRelations(tx, record, removed, event.id, userId);
  await record(nodeEvent('restore', nodeId, null, await loadNodeState(tx, nodeId), { fromEvent: event.id, relationsRestored: restored, relationsSkipped: skipped }));
}

export async function restoreNode(app: FastifyInstance, actor: AuditActor, nodeId: string, event: AuditEvent): Promise<void> {
  const target = completeState(stateOf<Partial<NodeState>>(event) ?? {});
  const input = { name: target.name, nodeType: target.nodeType, snomedCode: target.snomedCode } as z.output<typeof NodeSaveSchema>;
  const blobs = await availableBlobs(app, target);
  await audited(app, actor, (a) =>
    event.action === 'delete' ? restoreDeleted(a, nodeId, event, target, blobs, actor.id) : restoreVersion(a, nodeId, event, target, blobs, actor.id),
  ).catch((err) => nodeConflict(app.db, err, input));
}
