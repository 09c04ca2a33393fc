import { SNOMED_DIALECT_REFSETS, type SnomedConceptHit, type SnomedDialect } from '../../../contract';
import type { Queryable } from '../../db/db';
import { likePattern } from '../../db/rows';
import { semanticTag } from './concepts';
import { underConceptSql } from './hierarchy';
import { SNOMED_COUNT_CAP, type SnomedListQuery } from './repository';

/**
 * GET /snomed/concepts?by=concept: concepts instead of description rows. A search matches any
 * active description (trigram index) or the concept id, and each concept appears once, with the
 * shortest description it matched (shown as `matchedTerm` when it is not the preferred term);
 * `descendantOf` keeps the concept and those under it (one range of the closure's primary key).
 * Order: an exact match first, then shorter matched terms; without a search, concept id order.
 * The preferred term, FSN and activity are computed for the page's rows only.
 */
export async function listConceptHits(
  db: Queryable,
  q: SnomedListQuery,
  dialect: SnomedDialect,
): Promise<{ rows: SnomedConceptHit[]; total: number; totalCapped: boolean }> {
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const search = q.search?.trim();
  const under = q.descendantOf
    ? (column: string) => {
        return underConceptSql(column, param(q.descendantOf));
      }
    : null;
  let candidates: string;
  let searchParam = 'NULL';
  if (search) {
    searchParam = param(search);
    const p = param(likePattern(search));
    const match = /^\d+$/.test(search) ? `(d.term ILIKE ${p} OR d.concept_id = ${searchParam})` : `d.term ILIKE ${p}`;
    candidates = `SELECT d.concept_id, d.term AS matched FROM snomed_concepts d WHERE d.active AND ${match}${under ? ` AND ${under('d.concept_id')}` : ''}`;
  } else if (q.descendantOf) {
    const d = param(q.descendantOf);
    candidates = `SELECT ${d}::text AS concept_id, NULL::text AS matched UNION ALL SELECT descendant_id, NULL FROM snomed_closure WHERE ancestor_id = ${d}`;
  } else {
    candidates = 'SELECT DISTINCT concept_id, NULL::text AS matched FROM snomed_concepts';
  }
  const status = q.status ? `WHERE coalesce(c.active, true) = ${param(q.status === 'active')}` : '';
  const refset = param(SNOMED_DIALECT_REFSETS[dialect]);
  const limit = param(q.limit);
  const offset = param((q.page - 1) * q.limit);
  const order = search
    ? `(lower(g.matched) = lower(${searchParam})) DESC, length(g.matched), lower(g.matched), length(g.concept_id), g.concept_id`
    : 'length(g.concept_id), g.concept_id';
  const sql = `
    WITH m AS MATERIALIZED (${candidates}),
         g AS MATERIALIZED (
           SELECT x.concept_id, x.matched FROM (
             SELECT DISTINCT ON (m.concept_id) m.concept_id, m.matched FROM m ORDER BY m.concept_id, length(m.matched), m.matched) x
           LEFT JOIN snomed_rf2_concepts c ON c.id = x.concept_id ${status}),
         n AS MATERIALIZED (SELECT count(*)::int AS matched FROM (SELECT 1 FROM g LIMIT ${SNOMED_COUNT_CAP + 1}) y),
         page AS MATERIALIZED (SELECT g.concept_id, g.matched, row_number() OVER (ORDER BY ${order}) AS rn FROM g ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
    SELECT n.matched AS total, p.concept_id, p.matched, p.term, p.fsn, p.active FROM n LEFT JOIN LATERAL (
      SELECT page.rn, page.concept_id, page.matched,
             snomed_preferred_term(page.concept_id, ${refset}) AS term, snomed_fsn(page.concept_id, ${refset}) AS fsn,
             coalesce(c.active, EXISTS (SELECT 1 FROM snomed_concepts d WHERE d.concept_id = page.concept_id AND d.active)) AS active
        FROM page LEFT JOIN snomed_rf2_concepts c ON c.id = page.concept_id) p ON true
    ORDER BY p.rn`;
  const result = await db.query<{ total: number; concept_id: string | null; matched: string | null; term: string | null; fsn: string | null; active: boolean }>(sql, params);
  const total = result[0].total;
  const hits = result.filter((r) => r.concept_id !== null);
  const codes = hits.map((r) => r.concept_id!);
  const users = codes.length
    ? await db.query<{ code: string; id: string; name: string }>('SELECT snomed_code AS code, id, name FROM nodes WHERE snomed_code = ANY($1::text[])', [codes])
    : [];
  const byCode = new Map(users.map((u) => [u.code, { id: u.id, name: u.name }]));
  const rows = hits.map((r) => ({
    concept_id: r.concept_id!,
    term: r.term,
    fsn: r.fsn,
    semanticTag: semanticTag(r.fsn),
    active: r.active,
    matchedTerm: r.matched !== null && r.matched !== r.term ? r.matched : null,
    usedBy: byCode.get(r.concept_id!) ?? null,
  }));
  const totalCapped = total > SNOMED_COUNT_CAP;
  return { rows, total: totalCapped ? SNOMED_COUNT_CAP : total, totalCapped };
}
