import type { SnomedDrift, SnomedDriftKind } from '../../../contract';
import { SNOMED_FSN_TYPE_ID } from '../../../contract';
import type { Db, Queryable } from '../../db/db';
import { iso } from '../../db/rows';
import { replacementsOf } from './concepts';

/**
 * SNOMED drift (migration 0022): which nodes' codes an import retired,
 * inactivated or renamed. The work is set-wise SQL over the codes nodes use — never over the
 * catalogue — in keyset batches of CODES_PER_BATCH codes, one short transaction each, with a
 * turn for waiting requests in between (the embedded database has one connection; see
 * plugins/request-activity.ts). Two passes per import: `snapshotUsedTerms` before it writes,
 * `evaluateDrift` after.
 */
const CODES_PER_BATCH = 2000;

/**
 * A code's activity and term. Activity is the concept file's (a release retires a concept there and
 * usually leaves its descriptions active); without a concept row, whether any description is
 * active. The term: its first active fully specified name, else its first active
 * description (first = lowest row id, as a number); for a code with no active description, the
 * same over all its rows, so a list can still say what the concept was. `active` is true when any
 * row is active (the top row is then active). A LATERAL of this per used code is one index probe
 * each (snomed_concept_id).
 */
const PREFERRED = `
  SELECT coalesce((SELECT c.active FROM snomed_rf2_concepts c WHERE c.id = u.code), s.active) AS active, s.term
    FROM snomed_concepts s WHERE s.concept_id = u.code
   ORDER BY s.active DESC, (s.type_id IS NOT DISTINCT FROM '${SNOMED_FSN_TYPE_ID}') DESC, length(s.id), s.id
   LIMIT 1`;

/** The next batch of used codes after `$after` (through the unique index nodes_snomed_code). */
const USED = (after: string, limit: string) =>
  `SELECT n.id AS node_id, n.snomed_code AS code FROM nodes n
    WHERE n.snomed_code > ${after} AND n.snomed_code <> '' ORDER BY n.snomed_code LIMIT ${limit}`;

export interface DriftPassDeps {
  db: Db;
  /** Resolves when the next batch may start (interactive requests first). */
  yieldToRequests(): Promise<void>;
  throwIfAborted(): void;
}

/** Runs `batch` over the used codes in keyset order; each call answers the last code it covered, or null at the end. */
async function overUsedCodes(deps: DriftPassDeps, batch: (tx: Queryable, after: string) => Promise<string | null>): Promise<void> {
  let after: string | null = '';
  while (after !== null) {
    deps.throwIfAborted();
    await deps.yieldToRequests();
    const from: string = after;
    after = await deps.db.transaction((tx) => batch(tx, from));
    // PGlite answers from this thread: give timers and requests a turn between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Records the preferred term of every code a node uses, before the import writes (codes absent
 * from the catalogue get no row). Taken again from scratch when a job starts over.
 */
export async function snapshotUsedTerms(deps: DriftPassDeps, jobId: string): Promise<void> {
  await deps.db.query('DELETE FROM snomed_drift_snapshots WHERE job_id = $1', [jobId]);
  await overUsedCodes(deps, async (tx, after) => {
    const [{ last }] = await tx.query<{ last: string | null }>(
      `WITH u AS MATERIALIZED (${USED('$2', '$3')}),
            ins AS (INSERT INTO snomed_drift_snapshots (job_id, code, active, term)
                    SELECT $1, u.code, p.active, p.term FROM u CROSS JOIN LATERAL (${PREFERRED}) p
                    ON CONFLICT DO NOTHING)
       SELECT max(code) AS last FROM u`,
      [jobId, after, CODES_PER_BATCH],
    );
    return last;
  });
}

/**
 * Compares each used code's state now with the snapshot and with the node's pending drift, and
 * writes the outcome (then drops the snapshot):
 * - no pending drift: flagged when the code was in the catalogue before and is gone now
 *   ('missing'), was active and has no active description now ('inactive'), or was active and
 *   active now under another preferred term ('term_changed'). A code that was not in the catalogue,
 *   or was inactive, and is still so is not news.
 * - pending drift: judged against its previous term (what the curator last saw): gone, inactive,
 *   or another term keeps it (kind and current term updated; since-when and previous term kept);
 *   back to the previous term, active, clears it.
 */
export async function evaluateDrift(deps: DriftPassDeps, jobId: string): Promise<void> {
  await overUsedCodes(deps, async (tx, after) => {
    const [{ last }] = await tx.query<{ last: string | null }>(
      `WITH u AS MATERIALIZED (${USED('$2', '$3')}),
            judged AS MATERIALIZED (
              SELECT u.node_id, u.code, b.term AS before_term, p.term AS now_term, (d.node_id IS NOT NULL) AS pending,
                     CASE
                       WHEN d.node_id IS NOT NULL THEN CASE
                         WHEN p.term IS NULL THEN 'missing'
                         WHEN NOT p.active THEN 'inactive'
                         WHEN p.term IS DISTINCT FROM d.previous_term THEN 'term_changed' END
                       WHEN b.code IS NULL THEN NULL
                       WHEN p.term IS NULL THEN 'missing'
                       WHEN NOT b.active THEN NULL
                       WHEN NOT p.active THEN 'inactive'
                       WHEN p.term <> b.term THEN 'term_changed'
                     END AS kind
                FROM u
                LEFT JOIN LATERAL (${PREFERRED}) p ON true
                LEFT JOIN snomed_drift_snapshots b ON b.job_id = $1 AND b.code = u.code
                LEFT JOIN snomed_drift d ON d.node_id = u.node_id),
            cleared AS (DELETE FROM snomed_drift d USING judged j WHERE d.node_id = j.node_id AND j.pending AND j.kind IS NULL),
            flagged AS (
              INSERT INTO snomed_drift (node_id, code, kind, previous_term, current_term, detected_by_job_id, detected_by_filename)
              SELECT node_id, code, kind, before_term, now_term, $1, (SELECT filename FROM import_jobs WHERE id = $1) FROM judged WHERE kind IS NOT NULL
              ON CONFLICT (node_id) DO UPDATE SET kind = EXCLUDED.kind, current_term = EXCLUDED.current_term
               WHERE (snomed_drift.kind, snomed_drift.current_term) IS DISTINCT FROM (EXCLUDED.kind, EXCLUDED.current_term))
       SELECT max(code) AS last FROM u`,
      [jobId, after, CODES_PER_BATCH],
    );
    return last;
  });
  await deps.db.query('DELETE FROM snomed_drift_snapshots WHERE job_id = $1', [jobId]);
}

/** How many nodes wait for a SNOMED review (the Analytics page's count). */
export async function countDriftNodes(db: Queryable): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM snomed_drift');
  return n;
}

interface DriftRow {
  node_id: string;
  name: string;
  node_type: string;
  code: string;
  kind: SnomedDriftKind;
  previous_term: string | null;
  current_term: string | null;
  detected_at: Date;
  detected_by_job_id: string | null;
  detected_by_filename: string | null;
}

const toDrift = (r: DriftRow): SnomedDrift => ({
  nodeId: r.node_id,
  name: r.name,
  nodeType: r.node_type,
  code: r.code,
  kind: r.kind,
  previousTerm: r.previous_term,
  currentTerm: r.current_term,
  detectedAt: iso(r.detected_at),
  jobId: r.detected_by_job_id,
  filename: r.detected_by_filename,
  replacements: [],
});

/** One page of the nodes to review, newest detection first; the total is exact (a review list is short). */
export async function listDrift(db: Queryable, q: { limit: number; skip: number }, dialectRefset: string): Promise<{ rows: SnomedDrift[]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    db.query<DriftRow>(
      `SELECT d.node_id, n.name, nt.name AS node_type, d.code, d.kind, d.previous_term, d.current_term, d.detected_at,
              d.detected_by_job_id, d.detected_by_filename
         FROM snomed_drift d JOIN nodes n ON n.id = d.node_id JOIN node_types nt ON nt.id = n.node_type_id
        ORDER BY d.detected_at DESC, d.node_id LIMIT $1 OFFSET $2`,
      [q.limit, q.skip],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM snomed_drift'),
  ]);
  // The suggested replacements of the page's codes, in one statement.
  const replacements = await replacementsOf(db, [...new Set(rows.map((r) => r.code))], dialectRefset);
  return { rows: rows.map((r) => ({ ...toDrift(r), replacements: replacements.get(r.code) ?? [] })), total: n };
}

/** Clears a node's drift (the curator accepted the catalogue's change); answers what was cleared, or null. */
export async function acceptDrift(db: Queryable, nodeId: string): Promise<Omit<DriftRow, 'name' | 'node_type'> | null> {
  const [row] = await db.query<Omit<DriftRow, 'name' | 'node_type'>>(
    `DELETE FROM snomed_drift WHERE node_id = $1
     RETURNING node_id, code, kind, previous_term, current_term, detected_at, detected_by_job_id, detected_by_filename`,
    [nodeId],
  );
  return row ?? null;
}
