import type { Queryable } from '../../db/db';
import { conflict } from '../../plugins/errors';
import { SAME_ENDS_LOCK_CLASS } from '../../platform/locks';

/**
 * Refuses (409) a second relation with the same source, target and type — and, for a symmetric
 * type, the reversed pair too (one stored relation reads both ways). Call inside the writing
 * transaction: the lock on the unordered pair serialises two writers of the same or the reversed
 * pair until commit, which the unique index (migration 0019) alone cannot do for the reversed pair.
 * `exceptId`: the relation being updated.
 */
export async function refuseDuplicateRelation(
  tx: Queryable,
  ends: { sourceNodeId: string; targetNodeId: string; relationTypeId: string; symmetric: boolean },
  exceptId: string | null = null,
): Promise<void> {
  const [a, b] = [ends.sourceNodeId, ends.targetNodeId].sort();
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SAME_ENDS_LOCK_CLASS, `${ends.relationTypeId}:${a}:${b}`]);
  const rows = await tx.query<{ reversed: boolean }>(
    `SELECT source_node_id <> $2 AS reversed FROM relations
      WHERE relation_type_id = $1 AND id IS DISTINCT FROM $5::uuid
        AND ((source_node_id = $2 AND target_node_id = $3) OR ($4 AND source_node_id = $3 AND target_node_id = $2))
      LIMIT 1`,
    [ends.relationTypeId, ends.sourceNodeId, ends.targetNodeId, ends.symmetric, exceptId],
  );
  if (rows.length === 0) return;
  throw conflict(
    rows[0].reversed
      ? 'This relation already exists the other way round, and its type is symmetric: one relation reads both ways'
      : 'A relation with the same source, target and type already exists',
    'duplicate_relation',
  );
}
