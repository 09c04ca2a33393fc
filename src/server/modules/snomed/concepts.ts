import {
  SNOMED_ASSOCIATION_REFSETS,
  SNOMED_CHILDREN_MAX,
  SNOMED_DIALECT_REFSETS,
  SNOMED_IDS,
  type SnomedConceptDetail,
  type SnomedConceptRef,
  type SnomedDescription,
  type SnomedDialect,
  type SnomedReplacement,
} from '../../../contract';
import type { Queryable } from '../../db/db';

/**
 * One concept of the RF2 concept model (migration 0034) as GET /snomed/concepts/{id} answers it.
 * Preferred terms come from the SQL functions of that migration, so every list names a concept the
 * same way; each part is one indexed statement (children and parents through the partial is-a
 * indexes, replacements through the association index).
 */

/** "Heart failure (disorder)" → "disorder". */
export const semanticTag = (fsn: string | null) => (fsn ? (/\(([^()]+)\)\s*$/.exec(fsn)?.[1] ?? null) : null);

const ISA = `'${SNOMED_IDS.isA}'`;

/** The concepts named by these ids, with their preferred terms, in the given order. */
async function refs(db: Queryable, sql: string, params: unknown[]): Promise<SnomedConceptRef[]> {
  return db.query<SnomedConceptRef>(sql, params);
}

/**
 * The first `limit` children of `parent` (SQL: a column or parameter) as rows (id, "preferredTerm"),
 * by term then id: the concept detail's statement, and a subquery of the FHIR lookup's.
 */
export const childrenSql = (parent: string, refset: string, limit: string) =>
  `SELECT c.id, c."preferredTerm" FROM (
       SELECT r.source_id AS id, snomed_preferred_term(r.source_id, ${refset}) AS "preferredTerm"
         FROM snomed_relationships r WHERE r.destination_id = ${parent} AND r.active AND r.type_id = ${ISA}
         GROUP BY r.source_id) c
      ORDER BY lower(c."preferredTerm"), c.id LIMIT ${limit}`;

export async function children(db: Queryable, conceptId: string, refset: string, limit = SNOMED_CHILDREN_MAX): Promise<SnomedConceptRef[]> {
  return refs(db, childrenSql('$1', '$2', '$3'), [conceptId, refset, limit]);
}

export async function parents(db: Queryable, conceptId: string, refset: string): Promise<SnomedConceptRef[]> {
  return refs(
    db,
    `SELECT c.id, c."preferredTerm" FROM (
       SELECT r.destination_id AS id, snomed_preferred_term(r.destination_id, $2) AS "preferredTerm"
         FROM snomed_relationships r WHERE r.source_id = $1 AND r.active AND r.type_id = ${ISA}
         GROUP BY r.destination_id) c
      ORDER BY lower(c."preferredTerm"), c.id`,
    [conceptId, refset],
  );
}

/**
 * One path from the root to the concept's parent: each step up takes the parent with the lowest
 * id (a concept may have several), bounded so a damaged hierarchy cannot loop.
 */
async function pathToRoot(db: Queryable, conceptId: string, refset: string): Promise<SnomedConceptRef[]> {
  const rows = await db.query<SnomedConceptRef & { depth: number }>(
    `WITH RECURSIVE up(id, depth) AS (
       SELECT $1::text, 0
       UNION ALL
       SELECT p.id, up.depth + 1 FROM up CROSS JOIN LATERAL (
         SELECT r.destination_id AS id FROM snomed_relationships r
          WHERE r.source_id = up.id AND r.active AND r.type_id = ${ISA}
          ORDER BY length(r.destination_id), r.destination_id LIMIT 1) p
        WHERE up.depth < 64)
     SELECT id, depth, snomed_preferred_term(id, $2) AS "preferredTerm" FROM up WHERE depth > 0 ORDER BY depth DESC`,
    [conceptId, refset],
  );
  return rows.map(({ id, preferredTerm }) => ({ id, preferredTerm }));
}

/** What the historical association reference sets name for a concept (active rows of the four kinds). */
export async function replacementsOf(db: Queryable, conceptIds: string[], refset: string): Promise<Map<string, SnomedReplacement[]>> {
  const out = new Map<string, SnomedReplacement[]>();
  if (conceptIds.length === 0) return out;
  const rows = await db.query<{ source: string; id: string; refset_id: string; preferredTerm: string | null; active: boolean }>(
    `SELECT a.referenced_component_id AS source, a.target_component_id AS id, a.refset_id,
            snomed_preferred_term(a.target_component_id, $3) AS "preferredTerm",
            coalesce(c.active, EXISTS (SELECT 1 FROM snomed_concepts d WHERE d.concept_id = a.target_component_id AND d.active)) AS active
       FROM snomed_associations a LEFT JOIN snomed_rf2_concepts c ON c.id = a.target_component_id
      WHERE a.referenced_component_id = ANY($1::text[]) AND a.active AND a.refset_id = ANY($2::text[])
      ORDER BY a.referenced_component_id, a.refset_id, length(a.target_component_id), a.target_component_id`,
    [conceptIds, Object.keys(SNOMED_ASSOCIATION_REFSETS), refset],
  );
  for (const r of rows) {
    const type = SNOMED_ASSOCIATION_REFSETS[r.refset_id as keyof typeof SNOMED_ASSOCIATION_REFSETS];
    const list = out.get(r.source) ?? [];
    list.push({ id: r.id, preferredTerm: r.preferredTerm, type, active: r.active });
    out.set(r.source, list);
  }
  return out;
}

const DESCRIPTION_TYPE: Record<string, SnomedDescription['type']> = {
  [SNOMED_IDS.fsn]: 'fsn',
  [SNOMED_IDS.synonym]: 'synonym',
  [SNOMED_IDS.definition]: 'definition',
};

/** The concept, or null when neither the concept file nor any description knows it. */
export async function getConcept(db: Queryable, conceptId: string, dialect: SnomedDialect): Promise<SnomedConceptDetail | null> {
  const refset = SNOMED_DIALECT_REFSETS[dialect];
  const [head] = await db.query<{
    known: boolean;
    active: boolean;
    definition_status_id: string | null;
    module_id: string | null;
    effective_time: string | null;
    preferred: string | null;
    fsn: string | null;
    child_count: number;
  }>(
    `SELECT (c.id IS NOT NULL OR EXISTS (SELECT 1 FROM snomed_concepts d WHERE d.concept_id = $1)) AS known,
            coalesce(c.active, EXISTS (SELECT 1 FROM snomed_concepts d WHERE d.concept_id = $1 AND d.active)) AS active,
            c.definition_status_id, c.module_id, c.effective_time,
            names.preferred_term AS preferred, names.fsn,
            (SELECT count(DISTINCT r.source_id)::int FROM snomed_relationships r WHERE r.destination_id = $1 AND r.active AND r.type_id = ${ISA}) AS child_count
       FROM (SELECT 1) one LEFT JOIN snomed_rf2_concepts c ON c.id = $1
       LEFT JOIN LATERAL snomed_concept_names($1, $2) names ON true`,
    [conceptId, refset],
  );
  if (!head.known) return null;
  const descriptions = await db.query<{ id: string; term: string; active: boolean; type_id: string | null; language_code: string; acceptability_id: string | null; case_significance_id: string | null }>(
    `SELECT d.id, d.term, d.active, d.type_id, d.language_code, l.acceptability_id, d.case_significance_id
       FROM snomed_concepts d
       LEFT JOIN snomed_language_refset l ON l.referenced_component_id = d.id AND l.refset_id = $2 AND l.active
      WHERE d.concept_id = $1
      ORDER BY d.active DESC, (d.type_id = '${SNOMED_IDS.fsn}') DESC NULLS LAST, (l.acceptability_id = '${SNOMED_IDS.preferred}') DESC NULLS LAST, lower(d.term), d.id`,
    [conceptId, refset],
  );
  const [parentList, childList, path, replacements, [user]] = await Promise.all([
    parents(db, conceptId, refset),
    children(db, conceptId, refset),
    pathToRoot(db, conceptId, refset),
    head.active ? Promise.resolve(new Map<string, SnomedReplacement[]>()) : replacementsOf(db, [conceptId], refset),
    db.query<{ id: string; name: string }>('SELECT id, name FROM nodes WHERE snomed_code = $1', [conceptId]),
  ]);
  const definitionStatus = head.definition_status_id === SNOMED_IDS.defined ? 'defined' : head.definition_status_id === SNOMED_IDS.primitive ? 'primitive' : null;
  return {
    id: conceptId,
    conceptId,
    preferredTerm: head.preferred,
    fsn: head.fsn,
    semanticTag: semanticTag(head.fsn),
    active: head.active,
    definitionStatus,
    moduleId: head.module_id,
    effectiveTime: head.effective_time,
    dialect,
    descriptions: descriptions.map((d) => ({
      id: d.id,
      term: d.term,
      active: d.active,
      type: (d.type_id && DESCRIPTION_TYPE[d.type_id]) || (d.type_id === null ? 'synonym' : 'other'),
      typeId: d.type_id,
      languageCode: d.language_code,
      acceptability: d.acceptability_id === SNOMED_IDS.preferred ? 'preferred' : d.acceptability_id === SNOMED_IDS.acceptable ? 'acceptable' : null,
      caseSignificanceId: d.case_significance_id,
    })),
    parents: parentList,
    children: childList,
    childCount: head.child_count,
    pathToRoot: path,
    replacements: replacements.get(conceptId) ?? [],
    usedBy: user ?? null,
  };
}
