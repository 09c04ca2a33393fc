import { SNOMED_IDS } from '../../../contract';
import type { Queryable } from '../../db/db';

/**
 * The "descendants of" index: snomed_closure (migration 0034) holds every (ancestor, descendant)
 * pair of the active is-a relationships, so "is code C under X" is one primary-key probe and "all
 * under X" one index range, whatever the depth — what node search needs for a filter over 100k+
 * descendants. It is derived: rebuilt whole, set-wise, after an import that changed concepts or
 * relationships, and after a restore.
 *
 * The recursion uses UNION (not UNION ALL), which drops pairs already found, so it ends even when
 * a damaged release holds a cycle; a cycle then shows as a concept that is its own ancestor.
 */
const ISA = `'${SNOMED_IDS.isA}'`;

export async function rebuildClosure(tx: Queryable): Promise<number> {
  await tx.query('DELETE FROM snomed_closure');
  const [{ n }] = await tx.query<{ n: number }>(
    `WITH RECURSIVE isa AS MATERIALIZED (
       SELECT DISTINCT source_id AS child, destination_id AS parent FROM snomed_relationships WHERE active AND type_id = ${ISA}),
     up(descendant_id, ancestor_id) AS (
       SELECT child, parent FROM isa
       UNION
       SELECT up.descendant_id, isa.parent FROM up JOIN isa ON isa.child = up.ancestor_id),
     ins AS (INSERT INTO snomed_closure (ancestor_id, descendant_id) SELECT ancestor_id, descendant_id FROM up RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
  );
  return n;
}

/** An is-a relationship that closes a cycle (its source is also an ancestor of its destination). */
export interface CycleEdge {
  id: string;
  sourceId: string;
  destinationId: string;
}

/** The active is-a rows on a cycle, read from a freshly built closure. */
export async function cycleEdges(tx: Queryable): Promise<CycleEdge[]> {
  return tx.query<CycleEdge>(
    `SELECT r.id, r.source_id AS "sourceId", r.destination_id AS "destinationId"
       FROM snomed_relationships r
      WHERE r.active AND r.type_id = ${ISA}
        AND (r.source_id = r.destination_id
             OR EXISTS (SELECT 1 FROM snomed_closure k WHERE k.ancestor_id = r.source_id AND k.descendant_id = r.destination_id))
      ORDER BY length(r.id), r.id`,
  );
}

/**
 * Builds the closure; when the hierarchy holds cycles, the is-a rows on them are removed (a cycle
 * makes "descendants of" meaningless) and the closure is built again without them. Answers the
 * removed rows, for the import's error report.
 */
export async function rebuildHierarchy(tx: Queryable): Promise<{ pairs: number; removed: CycleEdge[] }> {
  let pairs = await rebuildClosure(tx);
  const removed = await cycleEdges(tx);
  if (removed.length > 0) {
    await tx.query('DELETE FROM snomed_relationships WHERE id = ANY($1::text[])', [removed.map((e) => e.id)]);
    pairs = await rebuildClosure(tx);
  }
  return { pairs, removed };
}
