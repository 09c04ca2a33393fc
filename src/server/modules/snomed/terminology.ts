import { SNOMED_DIALECT_REFSETS, SNOMED_IDS, type SnomedDialect } from '../../../contract';
import type { Queryable } from '../../db/db';
import { childrenSql } from './concepts';
import { underConceptSql } from './hierarchy';
import { searchConceptWords, wordPattern } from './word-search';

/**
 * The catalogue as a terminology service sees it (FHIR's http://snomed.info/sct): concepts with all
 * their descriptions in one statement, membership and paging over the is-a closure, subsumption as
 * two closure probes. A concept known only from description rows (no concept file imported, as in
 * the sample data) is active when one of its descriptions is; its display is the preferred term of
 * the dialect (snomed_preferred_term: for such a concept its first synonym, else its FSN).
 */

const ISA = `'${SNOMED_IDS.isA}'`;
/** SCTIDs are 6–18 digits; anything else is not a code of the catalogue (and never reaches SQL). */
export const isSctid = (code: string) => /^\d{6,18}$/.test(code);

export interface CatalogueDescription {
  id: string;
  term: string;
  active: boolean;
  typeId: string | null;
  languageCode: string;
  acceptabilityId: string | null;
}

export interface CatalogueConcept {
  id: string;
  active: boolean;
  preferredTerm: string | null;
  effectiveTime: string | null;
  moduleId: string | null;
  definitionStatusId: string | null;
  /** Active descriptions first, the FSN first among them, then preferred in the dialect, then by term. */
  descriptions: CatalogueDescription[];
  /** Direct parents (active is-a relationships) with their preferred terms, in id order. */
  parentTerms: { id: string; term: string | null }[];
  /**
   * Direct children with their preferred terms, by term then id, at most `childLimit` of them; only
   * when asked (a lookup): in the same statement, one round trip and one plan instead of two.
   */
  childTerms?: { id: string; term: string | null }[];
}

const ACTIVE = (id: string) => `coalesce(rc.active, EXISTS (SELECT 1 FROM snomed_concepts a WHERE a.concept_id = ${id} AND a.active))`;

/** What catalogueConcepts reads besides each concept and its descriptions. */
export interface CatalogueReadOptions {
  /** Each concept's first children, with their preferred terms (`childTerms`), at most this many. */
  childLimit?: number;
  /**
   * The parents' preferred terms (a lookup shows them); false gives the parents' ids with null
   * terms, for lists that need only the ids (an expansion's page: most of its cost otherwise).
   */
  parentTerms?: boolean;
}

/**
 * The concepts of these ids that the catalogue knows (concept file or descriptions), in the given
 * order.
 */
export async function catalogueConcepts(db: Queryable, ids: string[], dialect: SnomedDialect, o: CatalogueReadOptions = {}): Promise<CatalogueConcept[]> {
  const wanted = ids.filter(isSctid);
  if (wanted.length === 0) return [];
  const childLimit = o.childLimit ?? 0;
  const children =
    childLimit > 0
      ? `,
            coalesce((SELECT json_agg(json_build_object('id', k.id, 'term', k."preferredTerm") ORDER BY lower(k."preferredTerm"), k.id)
                        FROM (${childrenSql('x.id', '$2', '$3')}) k), '[]'::json) AS "childTerms"`
      : '';
  const parentTerm = o.parentTerms === false ? 'NULL::text' : 'snomed_preferred_term(p.id, $2)';
  return db.query<CatalogueConcept>(
    `SELECT x.id, ${ACTIVE('x.id')} AS active, snomed_preferred_term(x.id, $2) AS "preferredTerm",
            rc.effective_time AS "effectiveTime", rc.module_id AS "moduleId", rc.definition_status_id AS "definitionStatusId",
            coalesce((SELECT json_agg(json_build_object('id', d.id, 'term', d.term, 'active', d.active, 'typeId', d.type_id,
                                                        'languageCode', d.language_code, 'acceptabilityId', l.acceptability_id)
                                      ORDER BY d.active DESC, (d.type_id = '${SNOMED_IDS.fsn}') DESC NULLS LAST,
                                               (l.acceptability_id = '${SNOMED_IDS.preferred}') DESC NULLS LAST, lower(d.term), d.id)
                        FROM snomed_concepts d
                        LEFT JOIN snomed_language_refset l ON l.referenced_component_id = d.id AND l.refset_id = $2 AND l.active
                       WHERE d.concept_id = x.id), '[]'::json) AS descriptions,
            coalesce((SELECT json_agg(json_build_object('id', p.id, 'term', ${parentTerm}) ORDER BY p.id)
                        FROM (SELECT DISTINCT r.destination_id AS id FROM snomed_relationships r WHERE r.source_id = x.id AND r.active AND r.type_id = ${ISA}) p), '[]'::json) AS "parentTerms"${children}
       FROM unnest($1::text[]) WITH ORDINALITY x (id, ord)
       LEFT JOIN snomed_rf2_concepts rc ON rc.id = x.id
      WHERE rc.id IS NOT NULL OR EXISTS (SELECT 1 FROM snomed_concepts k WHERE k.concept_id = x.id)
      ORDER BY x.ord`,
    childLimit > 0 ? [wanted, SNOMED_DIALECT_REFSETS[dialect], childLimit] : [wanted, SNOMED_DIALECT_REFSETS[dialect]],
  );
}

/** Whether the catalogue holds anything (a terminology service serves it only then). */
export async function catalogueLoaded(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ loaded: boolean }>('SELECT EXISTS (SELECT 1 FROM snomed_concepts) AS loaded');
  return row.loaded;
}

/**
 * The edition loaded: its modules (International, 900000000000207008, first when present) and its
 * newest effective time, the date of its version URI. Reads every row, so callers cache it.
 */
export async function catalogueEdition(db: Queryable): Promise<{ modules: string[]; effectiveTime: string | null }> {
  const [row] = await db.query<{ modules: string[]; effective_time: string | null }>(
    `SELECT ARRAY(SELECT m FROM (SELECT module_id AS m FROM snomed_rf2_concepts UNION SELECT module_id FROM snomed_concepts) x
                   WHERE m IS NOT NULL ORDER BY (m = '900000000000207008') DESC, length(m), m) AS modules,
            greatest((SELECT max(effective_time) FROM snomed_rf2_concepts), (SELECT max(effective_time) FROM snomed_concepts)) AS effective_time`,
  );
  return { modules: row.modules, effectiveTime: row.effective_time };
}

/** How A relates to B over the closure: A subsumes B when B lies under A. */
export async function subsumption(db: Queryable, a: string, b: string): Promise<'equivalent' | 'subsumes' | 'subsumed-by' | 'not-subsumed'> {
  if (a === b) return 'equivalent';
  const [row] = await db.query<{ a_above: boolean; b_above: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM snomed_closure WHERE ancestor_id = $1 AND descendant_id = $2) AS a_above,
            EXISTS (SELECT 1 FROM snomed_closure WHERE ancestor_id = $2 AND descendant_id = $1) AS b_above`,
    [a, b],
  );
  return row.a_above ? 'subsumes' : row.b_above ? 'subsumed-by' : 'not-subsumed';
}

/** One condition a concept must meet (concept filters of a value set, by concept id). */
export type ConceptCondition =
  | { kind: 'in'; ids: string[] }
  | { kind: 'is-a'; id: string }
  | { kind: 'descendant-of'; id: string }
  | { kind: 'child-of'; id: string }
  | { kind: 'generalizes'; id: string };

export interface CatalogueQuery {
  /** All must hold. */
  all: ConceptCondition[];
  /** None of these groups may hold whole (each group: all of its conditions). */
  none: ConceptCondition[][];
  /** Every word must start a word of one of the concept's active descriptions. */
  text?: string;
  activeOnly?: boolean;
}

/** The words of a text as the word index splits them (snomed_search_words_of). */
const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

class Sql {
  readonly params: unknown[] = [];
  p(v: unknown) {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  condition(c: ConceptCondition, col: string): string {
    switch (c.kind) {
      case 'in':
        return `${col} = ANY(${this.p(c.ids)}::text[])`;
      case 'is-a':
        return underConceptSql(col, `${this.p(c.id)}::text`);
      case 'descendant-of':
        return `EXISTS (SELECT 1 FROM snomed_closure k WHERE k.ancestor_id = ${this.p(c.id)} AND k.descendant_id = ${col})`;
      case 'child-of':
        return `EXISTS (SELECT 1 FROM snomed_relationships r WHERE r.destination_id = ${this.p(c.id)} AND r.source_id = ${col} AND r.active AND r.type_id = ${ISA})`;
      case 'generalizes': {
        const id = this.p(c.id);
        return `(${col} = ${id} OR EXISTS (SELECT 1 FROM snomed_closure k WHERE k.descendant_id = ${id} AND k.ancestor_id = ${col}))`;
      }
    }
  }
  /** The candidate ids: the narrowest generating condition, else every concept of the descriptions. */
  candidates(q: CatalogueQuery): string {
    const list = q.all.find((c) => c.kind === 'in');
    if (list && list.kind === 'in') return `SELECT DISTINCT unnest(${this.p(list.ids)}::text[]) AS id`;
    const under = q.all.find((c) => c.kind === 'is-a' || c.kind === 'descendant-of');
    if (under && (under.kind === 'is-a' || under.kind === 'descendant-of')) {
      const id = this.p(under.id);
      const below = `SELECT descendant_id AS id FROM snomed_closure WHERE ancestor_id = ${id}`;
      return under.kind === 'is-a' ? `SELECT ${id}::text AS id UNION ${below}` : below;
    }
    return 'SELECT DISTINCT concept_id AS id FROM snomed_concepts';
  }
  where(q: CatalogueQuery): string {
    const parts = ['(rc.id IS NOT NULL OR EXISTS (SELECT 1 FROM snomed_concepts k WHERE k.concept_id = m.id))'];
    for (const c of q.all) parts.push(this.condition(c, 'm.id'));
    for (const group of q.none) parts.push(`NOT (${group.map((c) => this.condition(c, 'm.id')).join(' AND ') || 'TRUE'})`);
    if (q.activeOnly) parts.push(ACTIVE('m.id'));
    const words = wordsOf(q.text ?? '');
    if (words.length) {
      parts.push(`EXISTS (SELECT 1 FROM snomed_concepts d WHERE d.concept_id = m.id AND d.active AND lower(d.term) ~ ALL(${this.p(words.map(wordPattern))}::text[]))`);
    }
    return parts.join(' AND ');
  }
}

/**
 * Whether the word index can answer the query: a text filter on all concepts or on one concept
 * and those under it — the picker's case, ranked by the best matching term as the concept search is.
 */
const byWords = (q: CatalogueQuery) => !!q.text?.trim() && q.none.length === 0 && (q.all.length === 0 || (q.all.length === 1 && q.all[0].kind === 'is-a'));

/**
 * One page of the concept ids a query selects: by the word index (ranked by the best matching
 * term) when it can answer — then with the count, as catalogueCount gives it — else in id order.
 */
export async function catalogueIds(db: Queryable, q: CatalogueQuery, offset: number, count: number): Promise<{ ids: string[]; total?: number }> {
  if (byWords(q)) {
    const under = q.all[0]?.kind === 'is-a' ? q.all[0].id : undefined;
    const found = await searchConceptWords(db, q.text!, { status: q.activeOnly ? 'active' : '', descendantOf: under }, offset, count);
    return { ids: found.hits.map((h) => h.concept_id), total: found.total };
  }
  const sql = new Sql();
  const rows = await db.query<{ id: string }>(
    `SELECT m.id FROM (${sql.candidates(q)}) m LEFT JOIN snomed_rf2_concepts rc ON rc.id = m.id
      WHERE ${sql.where(q)} ORDER BY length(m.id), m.id LIMIT ${sql.p(count)} OFFSET ${sql.p(offset)}`,
    sql.params,
  );
  return { ids: rows.map((r) => r.id) };
}

/**
 * How many concepts a query selects. By the word index the count is exact up to the list cap
 * (SNOMED_COUNT_CAP) and that cap beyond it, as the concept search counts.
 */
export async function catalogueCount(db: Queryable, q: CatalogueQuery): Promise<number> {
  if (byWords(q)) {
    const under = q.all[0]?.kind === 'is-a' ? q.all[0].id : undefined;
    return (await searchConceptWords(db, q.text!, { status: q.activeOnly ? 'active' : '', descendantOf: under }, 0, 0)).total;
  }
  const sql = new Sql();
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${sql.candidates(q)}) m LEFT JOIN snomed_rf2_concepts rc ON rc.id = m.id WHERE ${sql.where(q)}`,
    sql.params,
  );
  return row.n;
}
