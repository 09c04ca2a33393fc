import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { RESTORE_MESSAGES, type NodeSaveSchema, type RestoreAttachmentMode, type RestorePreview, type RestoreSkipped } from '../../../contract';
import type { AuditedTx } from '../../audit/audited';
import type { AuditActor, AuditEvent, FieldChange } from '../../audit/events';
import { stateOf } from '../../audit/history';
import type { Queryable } from '../../db/db';
import { conflict } from '../../plugins/errors';
import { attachmentSummary, loadNodeState, loadRelationState, nodeEvent, relationEvent, type NodeAttachmentState, type NodeState, type RelationState } from '../audit-states';
import { nodeConflict, relationCount } from '../nodes';
import { runRestore, type RestoreOutcome, type RestoreRunOptions } from './restore-run';

/**
 * Restoring a node: back to its state right after `event`, or — for its delete event — back from
 * the dead as it was right before, with its attachments and the relations the delete removed.
 * Either is one audited transaction whose `restore` event names the event it went back to and
 * lists every change: the fields, each file removed or brought back, each relation re-created. A
 * name, SNOMED code or type that no longer fits refuses it with a 409 and writes nothing.
 *
 * What a restore may do is what the caller may do: files added since the version stay unless the
 * caller asks for the version exactly (`attachments: 'match'`), and relations come back only for
 * who holds `relations.create` — otherwise the node comes back without them and they are listed as
 * skipped, each still restorable from its own history by someone who may create relations.
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

const skippedAttachment = (a: NodeAttachmentState): RestoreSkipped => ({
  kind: 'attachment',
  id: a.id,
  label: a.filename,
  code: 'attachment_content_gone',
  reason: RESTORE_MESSAGES.attachmentContentGone,
});

/** Attachment rows back as the state lists them, for the contents still kept; the others are skipped. */
async function reinsertAttachments(tx: Queryable, nodeId: string, attachments: NodeAttachmentState[], blobs: Set<string>): Promise<RestoreSkipped[]> {
  const skipped: RestoreSkipped[] = [];
  for (const a of attachments) {
    if (!blobs.has(a.blobKey)) {
      skipped.push(skippedAttachment(a));
      continue;
    }
    await tx.query(
      `INSERT INTO attachments (id, node_id, filename, content_type, size, blob_key, uploaded_by, uploaded_at)
       VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM users WHERE id = $7::uuid), $8)
       ON CONFLICT (id) DO NOTHING`,
      [a.id, nodeId, a.filename, a.contentType, a.size, a.blobKey, a.uploadedBy, a.uploadedAt],
    );
  }
  return skipped;
}

interface NodeRestoreContext {
  nodeId: string;
  event: AuditEvent;
  target: NodeState;
  blobs: Set<string>;
  userId: string;
  attachments: RestoreAttachmentMode;
  permissions: readonly string[];
}

/** Back to the state after an event that is not a delete: the node must exist. */
async function restoreVersion({ tx, record }: AuditedTx, c: NodeRestoreContext): Promise<RestoreOutcome> {
  const { nodeId, target } = c;
  await tx.query('SELECT 1 FROM nodes WHERE id = $1 FOR UPDATE', [nodeId]);
  const before = await loadNodeState(tx, nodeId);
  if (!before) throw conflict(RESTORE_MESSAGES.recordDeleted, 'record_deleted');
  const typeId = await nodeTypeIdOf(tx, target);
  if (typeId !== before.nodeTypeId && (await relationCount(tx, nodeId)) > 0) throw conflict(RESTORE_MESSAGES.typeLocked, 'node_type_locked');
  await tx.query(
    `UPDATE nodes SET name = $2, node_type_id = $3, snomed_code = $4, url = $5, description = $6, note = $7, updated_by = $8, updated_at = now()
      WHERE id = $1`,
    [nodeId, target.name, typeId, target.snomedCode, target.url, target.description, target.note, c.userId],
  );
  // Files the version had come back; files added since stay unless the version is asked for exactly (their contents stay either way).
  const wanted = new Set(target.attachments.map((a) => a.id));
  const addedSince = before.attachments.filter((a) => !wanted.has(a.id));
  if (c.attachments === 'match' && addedSince.length) await tx.query('DELETE FROM attachments WHERE id = ANY($1::uuid[])', [addedSince.map((a) => a.id)]);
  const present = new Set(before.attachments.map((a) => a.id));
  const skipped = await reinsertAttachments(tx, nodeId, target.attachments.filter((a) => !present.has(a.id)), c.blobs);
  const main = nodeEvent('restore', nodeId, before, await loadNodeState(tx, nodeId), { fromEvent: c.event.id, attachmentMode: c.attachments, attachmentsSkipped: skipped });
  await record(main);
  return { main, skipped, attachmentsAddedSince: addedSince.map(attachmentSummary) };
}

type RemovedRelation = RelationState & { id: string };
const relationLabel = (r: RelationState) => `${r.sourceNodeName} — ${r.relationName} — ${r.targetNodeName}`;
/** A relation as the node's history line names it: no note (the node's history is for every reader). */
const relationSummary = (id: string, r: RelationState) => ({ id, relationName: r.relationName, relationType: r.relationType, sourceNodeName: r.sourceNodeName, targetNodeName: r.targetNodeName });

/** Why a relation the delete removed cannot come back now, or null when it can (with its type's id). */
async function relationObstacle(tx: Queryable, r: RelationState, permissions: readonly string[]): Promise<{ code: string; reason: string } | { typeId: string }> {
  const [ends] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM nodes WHERE id = ANY($1::uuid[])', [[r.sourceNodeId, r.targetNodeId]]);
  if (ends.n < 2) return { code: 'relation_ends_gone', reason: RESTORE_MESSAGES.endsGone };
  const typeId = await typeIdOf(tx, 'relation_types', r.relationTypeId, r.relationType);
  if (!typeId) return { code: 'relation_type_gone', reason: RESTORE_MESSAGES.relationTypeGone(r.relationType) };
  if (!permissions.includes('relations.create')) return { code: 'relation_create_right_needed', reason: RESTORE_MESSAGES.relationCreateRightNeeded };
  return { typeId };
}

/** Relations the delete removed come back when both ends and their type exist and the caller may create relations; the others are skipped. */
async function restoreRelations({ tx, record }: AuditedTx, relations: RemovedRelation[], c: NodeRestoreContext) {
  const lines: FieldChange[] = [];
  const restored: string[] = [];
  const skipped: RestoreSkipped[] = [];
  for (const { id, ...r } of relations) {
    const check = await relationObstacle(tx, r, c.permissions);
    if ('code' in check) {
      skipped.push({ kind: 'relation', id, label: relationLabel(r), ...check });
      continue;
    }
    const inserted = await tx.query(
      `INSERT INTO relations (id, source_node_id, target_node_id, relation_type_id, relation_name, weight, url, description, note, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, r.sourceNodeId, r.targetNodeId, check.typeId, r.relationName, r.weight, r.url, r.description, r.note, c.userId],
    );
    if (inserted.length === 0) continue; // already back (restored on its own)
    const now = await loadRelationState(tx, id);
    await record(relationEvent('restore', id, null, now, { fromEvent: c.event.id }));
    lines.push({ field: 'relation', before: null, after: relationSummary(id, now ?? r) });
    restored.push(id);
  }
  return { lines, restored, skipped };
}

/** Back from its delete event: the node as it was right before, with its attachments and relations. */
async function restoreDeleted(a: AuditedTx, c: NodeRestoreContext): Promise<RestoreOutcome> {
  const { tx, record } = a;
  const { nodeId, target } = c;
  if (await loadNodeState(tx, nodeId)) throw conflict(RESTORE_MESSAGES.recordExists, 'record_exists');
  const typeId = await nodeTypeIdOf(tx, target);
  await tx.query(
    `INSERT INTO nodes (id, name, node_type_id, snomed_code, url, description, note, created_by, updated_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT id FROM users WHERE id = $8::uuid), $9, COALESCE($10::timestamptz, now()))`,
    [nodeId, target.name, typeId, target.snomedCode, target.url, target.description, target.note, target.createdBy, c.userId, target.createdAt ?? null],
  );
  const attachmentsSkipped = await reinsertAttachments(tx, nodeId, target.attachments, c.blobs);
  const removed = (c.event.detail?.relations as RemovedRelation[] | undefined) ?? [];
  const relations = await restoreRelations(a, removed, c);
  const main = nodeEvent('restore', nodeId, null, await loadNodeState(tx, nodeId), {
    fromEvent: c.event.id,
    relationsRestored: relations.restored,
    relationsSkipped: relations.skipped,
    attachmentsSkipped,
  });
  main.changes = [...(main.changes ?? []), ...relations.lines];
  await record(main);
  return { main, skipped: [...attachmentsSkipped, ...relations.skipped], attachmentsAddedSince: [] };
}

export interface NodeRestoreOptions extends RestoreRunOptions {
  attachments: RestoreAttachmentMode;
  /** The caller's permissions: each effect of the restore is checked against them. */
  permissions: readonly string[];
}

/** Restores (or, with dryRun, previews) a node; answers what it changes and what it leaves out. */
export async function restoreNode(app: FastifyInstance, actor: AuditActor, nodeId: string, event: AuditEvent, options: NodeRestoreOptions): Promise<RestorePreview> {
  const target = completeState(stateOf<Partial<NodeState>>(event) ?? {});
  const input = { name: target.name, nodeType: target.nodeType, snomedCode: target.snomedCode } as z.output<typeof NodeSaveSchema>;
  const c: NodeRestoreContext = { nodeId, event, target, blobs: await availableBlobs(app, target), userId: actor.id, attachments: options.attachments, permissions: options.permissions };
  return runRestore(app, actor, options, (a) => (event.action === 'delete' ? restoreDeleted(a, c) : restoreVersion(a, c))).catch((err) => nodeConflict(app.db, err, input));
}
