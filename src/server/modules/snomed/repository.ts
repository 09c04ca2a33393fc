import type { z } from 'zod';
import type { SnomedConcept, SnomedListQuerySchema } from '../../../contract';
import type { Queryable } from '../../db/db';
import { likePattern } from '../../db/rows';

export type SnomedListQuery = z.output<typeof SnomedListQuerySchema>;

/**
 * A list counts its matches only up to this many: a frequent word matches thousands of the 1.6M
 * descriptions of a full release (a first word like "chronic" over 100,000), and an exact count
 * reads every one of them. Beyond the cap the answer is `total: 1000, totalCapped: true`, which
 * the pager shows as "more than 1,000".
 */
export const SNOMED_COUNT_CAP = 1000;
/**
 * With more matches than the cap, pages up to this far (offset + limit) are read by walking the
 * id-order index and stopping after the page: with over 1,000 matches among 1.6M rows the walk
 * passes at most ~160,000 rows for 100, typically a few thousand. Deeper pages of a search use
 * the trigram index and sort the matches, as before.
 */
const WALK_MAX_WINDOW = 100;

const COLUMNS = 'id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id';
const ORDER: Record<SnomedListQuery['sortBy'], string> = {
  // Row ids are numeric text: order them as numbers (index snomed_concepts_id_order, migration 0006).
  id: 'length(id) %s, id %s',
  term: 'lower(term) %s, id %s',
  active: 'active %s, id %s',
};

interface Filter {
  where: string;
  params: unknown[];
}

/**
 * The WHERE of a list. `indexTerm: false` writes the term match as `(term || '')`, which the
 * trigram index cannot serve, so that the planner walks the id-order index instead.
 */
function filter(q: SnomedListQuery, indexTerm: boolean): Filter {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const search = q.search?.trim();
  if (search) {
    params.push(likePattern(search));
    const term = `${indexTerm ? 'term' : "(term || '')"} ILIKE $1`;
    // Row ids and concept ids are digits: only a digit search can equal one.
    if (/^\d+$/.test(search)) {
      params.push(search);
      clauses.push(`(id = $2 OR concept_id = $2 OR ${term})`);
    } else clauses.push(term);
  }
  if (q.status) {
    params.push(q.status === 'active');
    clauses.push(`active = $${params.length}`);
  }
  if (q.descendantOf) {
    params.push(q.descendantOf);
    const d = `$${params.length}`;
    clauses.push(`(concept_id = ${d} OR concept_id IN (SELECT descendant_id FROM snomed_closure WHERE ancestor_id = ${d}))`);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

const and = (where: string, clause: string) => (where ? `${where} AND ${clause}` : `WHERE ${clause}`);

/**
 * One page of the catalogue: search matches the row id or concept id exactly, or the term as a
 * substring. The total is exact up to SNOMED_COUNT_CAP.
 *
 * No single plan suits both rare and frequent words, so one statement counts first and then runs
 * only the branch that fits (the other is cut by a one-time filter):
 * - `m` fetches the matches through the indexes. A MATERIALIZED CTE is read lazily, so counting
 *   "up to 1,001" stops there, and it is planned as "all matches" — the trigram index — where a
 *   plain `LIMIT 1001` would make the planner scan the table until 1,001 rows match.
 * - Up to the cap, the page is sorted from `m` (already fetched by the count).
 * - Beyond it, the page is read by walking the id-order index and stopping after the page.
 */
export async function listConcepts(db: Queryable, q: SnomedListQuery): Promise<{ rows: SnomedConcept[]; total: number; totalCapped: boolean }> {
  const order = ORDER[q.sortBy].replaceAll('%s', q.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const offset = (q.page - 1) * q.limit;
  const indexed = filter(q, true);
  const walk = q.sortBy === 'id' && (!q.search?.trim() || offset + q.limit <= WALK_MAX_WINDOW);
  // Both filters number their parameters alike; only the term expression differs.
  const many = walk ? filter(q, false) : indexed;
  const n = indexed.params.length;
  const page = `ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`;
  const sql = `
    WITH m AS MATERIALIZED (SELECT ${COLUMNS} FROM snomed_concepts ${indexed.where}),
         c AS MATERIALIZED (SELECT count(*)::int AS matched FROM (SELECT 1 FROM m LIMIT ${SNOMED_COUNT_CAP + 1}) x)
    SELECT c.matched, p.* FROM c LEFT JOIN LATERAL (
      (SELECT * FROM m WHERE c.matched <= ${SNOMED_COUNT_CAP} ${page})
      UNION ALL
      (SELECT ${COLUMNS} FROM snomed_concepts ${and(many.where, `c.matched > ${SNOMED_COUNT_CAP}`)} ${page})
    ) p ON true
    ORDER BY ${order}`;
  const result = await db.query<SnomedConcept & { matched: number }>(sql, [...indexed.params, q.limit, offset]);
  const matched = result[0].matched;
  // An empty page still has the one row of the count (with null columns).
  const rows = result.filter((r) => r.id !== null).map(({ matched: _, ...concept }) => concept);
  const totalCapped = matched > SNOMED_COUNT_CAP;
  return { rows: await withUsedBy(db, rows), total: totalCapped ? SNOMED_COUNT_CAP : matched, totalCapped };
}

/**
 * Adds `usedBy` to a page of concepts: ONE lookup for the whole page through the unique index
 * nodes_snomed_code (never one per row), kept apart from the tuned page query above so its plans
 * stay as they are.
 */
async function withUsedBy(db: Queryable, rows: SnomedConcept[]): Promise<SnomedConcept[]> {
  const codes = [...new Set(rows.map((r) => r.concept_id))];
  if (codes.length === 0) return rows;
  const users = await db.query<{ code: string; id: string; name: string }>(
    'SELECT snomed_code AS code, id, name FROM nodes WHERE snomed_code = ANY($1::text[])',
    [codes],
  );
  const byCode = new Map(users.map((u) => [u.code, { id: u.id, name: u.name }]));
  return rows.map((r) => ({ ...r, usedBy: byCode.get(r.concept_id) ?? null }));
}

/** Deletes a catalogue row; answers what it held (the API's field names) for the audit event, or null. */
export async function deleteConcept(db: Queryable, id: string): Promise<Record<string, unknown> | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `DELETE FROM snomed_concepts WHERE id = $1
     RETURNING id::text AS id, concept_id AS "conceptId", term, active, effective_time AS "effectiveTime", module_id AS "moduleId",
               language_code AS "languageCode", type_id AS "typeId", case_significance_id AS "caseSignificanceId"`,
    [id],
  );
  return row ?? null;
}
