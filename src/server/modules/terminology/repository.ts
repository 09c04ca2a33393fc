import type { TerminologyConcept, TerminologyResource, TerminologyResourceType } from '../../../contract';
import type { Queryable } from '../../db/db';

/**
 * What the Terminology page reads of the stored FHIR resources: the search columns of
 * fhir_resources (never the resource's JSON, which may hold a million concepts) and the indexed
 * concepts of fhir_concepts, a page at a time.
 */
const RESOURCE_COLUMNS = `r.resource_type AS "resourceType", r.id, r.url, r.version, r.name, r.title, r.status,
  to_char(r.last_updated AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastUpdated",
  CASE WHEN r.resource_type = 'CodeSystem' THEN (SELECT count(*)::int FROM fhir_concepts c WHERE c.code_system_id = r.id) END AS "conceptCount"`;

export async function listResources(db: Queryable, type: TerminologyResourceType | undefined, limit: number, offset: number): Promise<{ rows: TerminologyResource[]; total: number }> {
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM fhir_resources WHERE ($1::text IS NULL OR resource_type = $1)`, [type ?? null]);
  const rows = await db.query<TerminologyResource>(
    `SELECT ${RESOURCE_COLUMNS} FROM fhir_resources r WHERE ($1::text IS NULL OR r.resource_type = $1)
      ORDER BY r.resource_type, lower(coalesce(r.title, r.name, r.url, r.id)), r.version NULLS LAST, r.id LIMIT $2 OFFSET $3`,
    [type ?? null, limit, offset],
  );
  return { rows, total };
}

export async function codeSystem(db: Queryable, id: string): Promise<TerminologyResource | null> {
  const [row] = await db.query<TerminologyResource>(`SELECT ${RESOURCE_COLUMNS} FROM fhir_resources r WHERE r.resource_type = 'CodeSystem' AND r.id = $1`, [id]);
  return row ?? null;
}

const likeTerm = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of a code system's concepts in the resource's order; `search` matches part of a code or display. */
export async function listConcepts(db: Queryable, id: string, search: string | undefined, limit: number, offset: number): Promise<{ rows: TerminologyConcept[]; total: number }> {
  const term = search?.trim() ? likeTerm(search.trim()) : null;
  const where = `code_system_id = $1 AND ($2::text IS NULL OR lower(code) LIKE $2 OR lower(display) LIKE $2)`;
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM fhir_concepts WHERE ${where}`, [id, term]);
  const rows = await db.query<TerminologyConcept>(
    `SELECT code, display, definition, parent_codes AS "parentCodes" FROM fhir_concepts WHERE ${where} ORDER BY seq LIMIT $3 OFFSET $4`,
    [id, term, limit, offset],
  );
  return { rows, total };
}
