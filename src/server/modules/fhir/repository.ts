import type { Db, Queryable } from '../../db/db';
import { flattenConcepts, replaceConcepts } from './concepts';
import type { TerminologyType } from './resource-check';

export interface StoredResource {
  resource_type: TerminologyType;
  id: string;
  version_id: number;
  last_updated: string;
  resource: Record<string, unknown>;
}

const COLUMNS = `resource_type, id, version_id, to_char(last_updated AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_updated, resource`;

/** The resource as served: its stored JSON with id and meta set from the row. */
export function served(row: StoredResource): Record<string, unknown> {
  const { meta, ...rest } = row.resource as { meta?: Record<string, unknown> };
  const { resourceType: _type, ...elements } = rest as { resourceType?: string };
  return { resourceType: row.resource_type, id: row.id, meta: { ...meta, versionId: String(row.version_id), lastUpdated: row.last_updated }, ...elements };
}

export async function readResource(db: Queryable, type: TerminologyType, id: string): Promise<StoredResource | null> {
  const [row] = await db.query<StoredResource>(`SELECT ${COLUMNS} FROM fhir_resources WHERE resource_type = $1 AND id = $2`, [type, id]);
  return row ?? null;
}

/** The search parameters this server supports, each an indexed column. */
export const SEARCH_PARAMS = ['url', 'version', 'name', 'title', 'status'] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];

export interface Search {
  /**
   * Each entry one condition (a repeated parameter: all must hold), its values alternatives (a comma
   * list: any may match). url, version, status, _id: exact; name, title: FHIR string search (starts
   * with, case-insensitive), `:exact` (equal) and `:contains`.
   */
  params: { param: SearchParam | '_id'; modifier: '' | 'exact' | 'contains'; values: string[] }[];
  count: number;
  offset: number;
}

export async function searchResources(db: Queryable, type: TerminologyType, search: Search): Promise<{ total: number; rows: StoredResource[] }> {
  const where = ['resource_type = $1'];
  const values: unknown[] = [type];
  const escaped = (v: string) => v.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  for (const { param, modifier, values: alternatives } of search.params) {
    const column = param === '_id' ? 'id' : param;
    const isString = (param === 'name' || param === 'title') && modifier !== 'exact';
    values.push(isString ? alternatives.map((a) => (modifier === 'contains' ? `%${escaped(a)}%` : `${escaped(a)}%`)) : alternatives);
    where.push(isString ? `lower(${column}) LIKE ANY($${values.length}::text[])` : `${column} = ANY($${values.length}::text[])`);
  }
  const clause = where.join(' AND ');
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM fhir_resources WHERE ${clause}`, values);
  const rows = await db.query<StoredResource>(
    `SELECT ${COLUMNS} FROM fhir_resources WHERE ${clause} ORDER BY url NULLS LAST, version NULLS LAST, id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, search.count, search.offset],
  );
  return { total, rows };
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * Writes a checked resource as `id` (new, or the next version of an existing one) with its search
 * columns and, for a CodeSystem, its indexed concepts: all in one transaction, so a failure stores
 * nothing. Returns the stored row and whether it was created.
 */
export async function writeResource(db: Db, type: TerminologyType, id: string, resource: Record<string, unknown>): Promise<{ row: StoredResource; created: boolean }> {
  return db.transaction((tx) => storeResource(tx, type, id, resource));
}

/** writeResource's statements in the caller's transaction (a transaction Bundle writes all its entries in one). */
export async function storeResource(tx: Queryable, type: TerminologyType, id: string, resource: Record<string, unknown>): Promise<{ row: StoredResource; created: boolean }> {
  const { id: _id, meta, ...body } = resource as { id?: string; meta?: Record<string, unknown> };
  // versionId and lastUpdated are the server's: dropped from what is stored, set from the row when served.
  const { versionId: _v, lastUpdated: _l, ...keptMeta } = meta ?? {};
  const stored = Object.keys(keptMeta).length ? { ...body, meta: keptMeta } : body;
  const [row] = await tx.query<StoredResource & { created: boolean }>(
    `INSERT INTO fhir_resources AS r (resource_type, id, url, version, name, title, status, resource)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
     ON CONFLICT (resource_type, id) DO UPDATE SET version_id = r.version_id + 1, url = EXCLUDED.url, version = EXCLUDED.version,
       name = EXCLUDED.name, title = EXCLUDED.title, status = EXCLUDED.status, resource = EXCLUDED.resource, last_updated = now()
     RETURNING ${COLUMNS}, (xmax = 0) AS created`,
    [type, id, text(resource.url), text(resource.version), text(resource.name), text(resource.title), resource.status, JSON.stringify(stored)],
  );
  if (type === 'CodeSystem') await replaceConcepts(tx, id, flattenConcepts(resource.concept));
  const { created, ...rest } = row;
  return { row: rest, created };
}

export async function deleteResource(db: Queryable, type: TerminologyType, id: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM fhir_resources WHERE resource_type = $1 AND id = $2 RETURNING id`, [type, id]);
  return rows.length > 0;
}

/** A code system by canonical url (and version; without one, the newest stored: highest version, then latest written). */
export async function codeSystemByUrl(db: Queryable, url: string, version?: string): Promise<StoredResource | null> {
  const [row] = await db.query<StoredResource>(
    `SELECT ${COLUMNS} FROM fhir_resources WHERE resource_type = 'CodeSystem' AND url = $1 AND ($2::text IS NULL OR version = $2)
      ORDER BY version DESC NULLS LAST, last_updated DESC LIMIT 1`,
    [url, version ?? null],
  );
  return row ?? null;
}

/** The stored code systems' canonical urls with their versions (TerminologyCapabilities). */
export async function codeSystemUrls(db: Queryable): Promise<{ url: string; versions: string[] }[]> {
  return db.query<{ url: string; versions: string[] }>(
    `SELECT url, array_remove(array_agg(DISTINCT version), NULL) AS versions FROM fhir_resources WHERE resource_type = 'CodeSystem' AND url IS NOT NULL GROUP BY url ORDER BY url LIMIT 1000`,
  );
}

/** A ValueSet or ConceptMap by canonical url (and version; without one, the newest), as served. */
export async function resourceByUrl(db: Queryable, type: TerminologyType, url: string, version?: string): Promise<Record<string, unknown> | null> {
  const [row] = await db.query<StoredResource>(
    `SELECT ${COLUMNS} FROM fhir_resources WHERE resource_type = $1 AND url = $2 AND ($3::text IS NULL OR version = $3)
      ORDER BY version DESC NULLS LAST, last_updated DESC LIMIT 1`,
    [type, url, version ?? null],
  );
  return row ? served(row) : null;
}

/** Every stored ConceptMap (newest written first, bounded): $translate without a named map looks through them. */
export async function allConceptMaps(db: Queryable, limit = 1000): Promise<Record<string, unknown>[]> {
  const rows = await db.query<StoredResource>(`SELECT ${COLUMNS} FROM fhir_resources WHERE resource_type = 'ConceptMap' ORDER BY last_updated DESC LIMIT $1`, [limit]);
  return rows.map(served);
}
