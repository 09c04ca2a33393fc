import type { FastifyInstance } from 'fastify';
import { RESTORE_MESSAGES, type RestorePreview } from '../../../contract';
import type { AuditActor, AuditEvent } from '../../audit/events';
import { stateOf } from '../../audit/history';
import type { Queryable } from '../../db/db';
import { conflict } from '../../plugins/errors';
import { loadRelationState, relationEvent, type RelationState } from '../audit-states';
import { writeEvidence } from '../relations';
import { runRestore, type RestoreRunOptions } from './restore-run';

/**
 * Restoring a relation: back to its state right after `event`, or for its delete
 * event as it was right before (which brings it back, with its id). Refused with a 409 when an end
 * node or the relation type is gone; one audited transaction with a `restore` event. Its only
 * effect is on the relation itself (no files, no other records), which the route's rights cover:
 * relations.update, and relations.create to bring a deleted one back.
 */

/** Both ends must exist, and the type (by id, else by name); answers the type's id. */
async function checkTarget(tx: Queryable, target: RelationState): Promise<string> {
  const [ends] = await tx.query<{ n: number }>('SELECT count(DISTINCT id)::int AS n FROM nodes WHERE id = ANY($1::uuid[])', [[target.sourceNodeId, target.targetNodeId]]);
  if (ends.n < 2) throw conflict(RESTORE_MESSAGES.endsGone, 'relation_ends_gone');
  const [type] = await tx.query<{ id: string }>(
    'SELECT id FROM relation_types WHERE id = $1::uuid UNION ALL SELECT id FROM relation_types WHERE lower(name) = lower($2) LIMIT 1',
    [target.relationTypeId, target.relationType],
  );
  if (!type) throw conflict(RESTORE_MESSAGES.relationTypeGone(target.relationType), 'relation_type_gone');
  return type.id;
}

/** Restores (or, with dryRun, previews) a relation; answers what it changes. */
export async function restoreRelation(app: FastifyInstance, actor: AuditActor, id: string, event: AuditEvent, options: RestoreRunOptions): Promise<RestorePreview> {
  const target = stateOf<RelationState>(event);
  if (!target) throw conflict(RESTORE_MESSAGES.notRestorable, 'not_restorable');
  return runRestore(app, actor, options, async ({ tx, record }) => {
    await tx.query('SELECT 1 FROM relations WHERE id = $1 FOR UPDATE', [id]);
    const before = await loadRelationState(tx, id);
    const values = [id, target.sourceNodeId, target.targetNodeId, await checkTarget(tx, target), target.relationName, target.weight, target.url, target.description, target.note, actor.id];
    if (event.action === 'delete') {
      if (before) throw conflict(RESTORE_MESSAGES.recordExists, 'record_exists');
      await tx.query(
        `INSERT INTO relations (id, source_node_id, target_node_id, relation_type_id, relation_name, weight, url, description, note, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
        values,
      );
    } else {
      if (!before) throw conflict(RESTORE_MESSAGES.recordDeleted, 'record_deleted');
      await tx.query(
        `UPDATE relations SET source_node_id = $2, target_node_id = $3, relation_type_id = $4, relation_name = $5, weight = $6,
                url = $7, description = $8, note = $9, updated_by = $10, updated_at = now()
          WHERE id = $1`,
        values,
      );
    }
    // A state written before evidence existed says nothing of it: the evidence stays as it is.
    if ('evidence' in target) await writeEvidence(tx, id, target.evidence ?? []);
    const main = relationEvent('restore', id, before, await loadRelationState(tx, id), { fromEvent: event.id });
    await record(main);
    return { main, skipped: [], attachmentsAddedSince: [] };
  });
}
