import { SNOMED_DIALECT_REFSETS, type SnomedConceptHit, type SnomedDialect } from '../../../contract';
import type { Queryable } from '../../db/db';
import { semanticTag } from './concepts';
import { SNOMED_COUNT_CAP, type SnomedListQuery } from './repository';
import { searchConceptWords } from './word-search';

type Page = { rows: SnomedConceptHit[]; total: number; totalCapped: boolean };
interface DetailRow {
  concept_id: string;
  matched: string | null;
  matched_is_preferred: boolean;
  term: string | null;
  fsn: string | null;
  active: boolean;
  used_by: { id: string; name: string } | null;
}

/** The node coded with the concept in `column`, if any (nodes_snomed_code: unique, without empty codes). */
const USED_BY = (column: string) =>
  `(SELECT json_build_object('id', u.id::text, 'name', u.name) FROM nodes u WHERE u.snomed_code = ${column} AND u.snomed_code <> '') AS used_by`;

/**
 * GET /snomed/concepts?by=concept: concepts instead of description rows, each once.
 * - With a search: word matching and ranking by the concept's best matching description
 *   (modules/snomed/word-search.ts); the matched term is shown as `matchedTerm` unless the
 *   preferred term matches the search as well.
 * - Without: the concept and those under it (`descendantOf`: one range of the closure's primary
 *   key) or every concept, in concept id order.
 * The preferred term, FSN and activity are computed for the page's rows only, both names in one
 * pass over each concept's descriptions (snomed_concept_names, migration 0046).
 */
export async function listConceptHits(db: Queryable, q: SnomedListQuery, dialect: SnomedDialect): Promise<Page> {
  const search = q.search?.trim();
  return search ? searchHits(db, q, search, dialect) : browseHits(db, q, dialect);
}

async function searchHits(db: Queryable, q: SnomedListQuery, search: string, dialect: SnomedDialect): Promise<Page> {
  const found = await searchConceptWords(db, search, { status: q.status, descendantOf: q.descendantOf }, (q.page - 1) * q.limit, q.limit);
  if (found.hits.length === 0) return { rows: [], total: found.total, totalCapped: found.totalCapped };
  const details = await db.query<DetailRow>(
    `SELECT x.concept_id, d.term AS matched, x.term, x.fsn,
            coalesce(lower(x.term) ~ ALL($4::text[]), false) AS matched_is_preferred,
            coalesce(c.active, true) AS active, ${USED_BY('x.concept_id')}
       FROM (SELECT h.concept_id, h.description_id, h.ord, n.preferred_term AS term, n.fsn
               FROM unnest($1::text[], $2::text[]) WITH ORDINALITY h (concept_id, description_id, ord)
               LEFT JOIN LATERAL snomed_concept_names(h.concept_id, $3) n ON true) x
       LEFT JOIN snomed_concepts d ON d.id = x.description_id
       LEFT JOIN snomed_rf2_concepts c ON c.id = x.concept_id
      ORDER BY x.ord`,
    [found.hits.map((h) => h.concept_id), found.hits.map((h) => h.description_id), SNOMED_DIALECT_REFSETS[dialect], found.patterns],
  );
  return { rows: details.map(toHit), total: found.total, totalCapped: found.totalCapped };
}

async function browseHits(db: Queryable, q: SnomedListQuery, dialect: SnomedDialect): Promise<Page> {
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let candidates: string;
  if (q.descendantOf) {
    const d = param(q.descendantOf);
    candidates = `SELECT ${d}::text AS concept_id UNION ALL SELECT descendant_id FROM snomed_closure WHERE ancestor_id = ${d}`;
  } else {
    candidates = 'SELECT DISTINCT concept_id FROM snomed_concepts';
  }
  const status = q.status ? `WHERE coalesce(c.active, true) = ${param(q.status === 'active')}` : '';
  const refset = param(SNOMED_DIALECT_REFSETS[dialect]);
  const limit = param(q.limit);
  const offset = param((q.page - 1) * q.limit);
  const order = 'length(g.concept_id), g.concept_id';
  const sql = `
    WITH m AS MATERIALIZED (${candidates}),
         g AS MATERIALIZED (SELECT DISTINCT m.concept_id FROM m LEFT JOIN snomed_rf2_concepts c ON c.id = m.concept_id ${status}),
         n AS MATERIALIZED (SELECT count(*)::int AS matched FROM (SELECT 1 FROM g LIMIT ${SNOMED_COUNT_CAP + 1}) y),
         page AS MATERIALIZED (SELECT g.concept_id, row_number() OVER (ORDER BY ${order}) AS rn FROM g ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
    SELECT n.matched AS total, p.concept_id, NULL::text AS matched, true AS matched_is_preferred, p.term, p.fsn, p.active, p.used_by FROM n LEFT JOIN LATERAL (
      SELECT page.rn, page.concept_id, names.preferred_term AS term, names.fsn,
             coalesce(c.active, EXISTS (SELECT 1 FROM snomed_concepts d WHERE d.concept_id = page.concept_id AND d.active)) AS active,
             ${USED_BY('page.concept_id')}
        FROM page LEFT JOIN snomed_rf2_concepts c ON c.id = page.concept_id
        LEFT JOIN LATERAL snomed_concept_names(page.concept_id, ${refset}) names ON true) p ON true
    ORDER BY p.rn`;
  const result = await db.query<DetailRow & { total: number }>(sql, params);
  const total = result[0].total;
  const totalCapped = total > SNOMED_COUNT_CAP;
  const rows = result.filter((r) => r.concept_id !== null);
  return { rows: rows.map(toHit), total: totalCapped ? SNOMED_COUNT_CAP : total, totalCapped };
}

/** A row as the API answers it; `usedBy` was read in the same statement (USED_BY). */
function toHit(r: DetailRow): SnomedConceptHit {
  return {
    concept_id: r.concept_id,
    term: r.term,
    fsn: r.fsn,
    semanticTag: semanticTag(r.fsn),
    active: r.active,
    matchedTerm: r.matched !== null && !r.matched_is_preferred && r.matched !== r.term ? r.matched : null,
    usedBy: r.used_by,
  };
}
