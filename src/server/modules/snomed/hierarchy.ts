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

/** The smallest subtree snomed_subtree_sizes records (migration 0047), and underConceptSql's least bound. */
const LARGE_SUBTREE = 1000;

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
  await tx.query('DELETE FROM snomed_subtree_sizes');
  await tx.query(
    `INSERT INTO snomed_subtree_sizes (concept_id, descendants)
     SELECT ancestor_id, count(*)::int FROM snomed_closure GROUP BY ancestor_id HAVING count(*) >= ${LARGE_SUBTREE}`,
  );
  return n;
}

/** An is-a relationship that closes a cycle (its source is also an ancestor of its destination). */
export interface CycleEdge {
  id: string;
  effectiveTime: string | null;
  sourceId: string;
  destinationId: string;
}

/** The active is-a rows on a cycle, read from a freshly built closure. */
export async function cycleEdges(tx: Queryable): Promise<CycleEdge[]> {
  return tx.query<CycleEdge>(
    `SELECT r.id, r.effective_time AS "effectiveTime", r.source_id AS "sourceId", r.destination_id AS "destinationId"
       FROM snomed_relationships r
      WHERE r.active AND r.type_id = ${ISA}
        AND (r.source_id = r.destination_id
             OR EXISTS (SELECT 1 FROM snomed_closure k WHERE k.ancestor_id = r.source_id AND k.descendant_id = r.destination_id))
      ORDER BY length(r.id), r.id`,
  );
}

/**
 * Builds the closure. When the hierarchy holds cycles (a damaged file), the is-a rows on them with
 * the latest effective time — what the newest file added, since the stored hierarchy was acyclic
 * before it — are removed and the closure built again, a few rounds at most; what still cycles
 * after that is removed whole (a cycle makes "descendants of" meaningless). Answers the removed
 * rows, for the import's error report.
 */
const CYCLE_ROUNDS = 4;
export async function rebuildHierarchy(tx: Queryable): Promise<{ pairs: number; removed: CycleEdge[] }> {
  let pairs = await rebuildClosure(tx);
  const removed: CycleEdge[] = [];
  for (let round = 0; ; round++) {
    const edges = await cycleEdges(tx);
    if (edges.length === 0) break;
    const latest = edges.reduce((max, e) => (e.effectiveTime && (!max || e.effectiveTime > max) ? e.effectiveTime : max), null as string | null);
    const drop = round < CYCLE_ROUNDS && latest ? edges.filter((e) => e.effectiveTime === latest) : edges;
    await tx.query('DELETE FROM snomed_relationships WHERE id = ANY($1::text[])', [drop.map((e) => e.id)]);
    removed.push(...drop);
    pairs = await rebuildClosure(tx);
  }
  return { pairs, removed };
}

/**
 * SQL: `column` holds the concept `conceptParam` (a query parameter such as `$2`) or one under it.
 *
 * Which of two plans is cheap depends on how many concepts lie under it, so the statement reads
 * that first (one probe of snomed_subtree_sizes, kept with the closure: counting the closure's
 * range here cost 6 ms a statement for a top-level concept) and evaluates only the branch that fits:
 * - a large share of the catalogue (a top-level concept: 15k of 36k concepts at a tenth of the
 *   International size, 100k+ at full size): one probe of the closure's primary key per row,
 *   so a page walking the sort order stops after a few dozen probes. `OFFSET 0` keeps PostgreSQL
 *   from hashing the whole subtree first, which took 40 ms for 15k descendants before the first row;
 * - a small subtree: the hashed subtree (built once), where a probe per row would visit every
 *   coded node to find a handful (20k probes, 300 ms).
 * The bound is a sixteenth of the concept file (the planner's row estimate), at least 1,000.
 */
export function underConceptSql(column: string, conceptParam: string): string {
  const bound = `greatest(${LARGE_SUBTREE}, (SELECT reltuples::bigint / 16 FROM pg_class WHERE oid = 'snomed_rf2_concepts'::regclass))`;
  const many = `(coalesce((SELECT z.descendants FROM snomed_subtree_sizes z WHERE z.concept_id = ${conceptParam}), 0) >= ${bound})`;
  const probe = `SELECT 1 FROM snomed_closure k WHERE k.ancestor_id = ${conceptParam} AND k.descendant_id = ${column}`;
  return `(${column} = ${conceptParam} OR CASE WHEN ${many} THEN EXISTS (${probe} OFFSET 0) ELSE EXISTS (${probe}) END)`;
}
