import type { Queryable } from '../../../db/db';

/**
 * Which relation type is the graph's hierarchy (is-a): one row of server_settings, its value the
 * relation type's id (so a rename keeps it). A relation `A —type→ B` of that type makes B a parent of A.
 * Unset, or its relation type deleted: the graph's CodeSystem is flat.
 */
export const HIERARCHY_SETTING = 'fhir.hierarchy';

/** The hierarchy relation type's id and name as a query (none: unset), its setting key being the parameter `key` ($n). */
export const hierarchyQuery = (key: string) => `SELECT rt.id, rt.name FROM server_settings s JOIN relation_types rt ON rt.id::text = s.value WHERE s.key = ${key}`;

export async function hierarchyRelationType(db: Queryable): Promise<{ id: string; name: string } | null> {
  const [row] = await db.query<{ id: string; name: string }>(hierarchyQuery('$1'), [HIERARCHY_SETTING]);
  return row ?? null;
}

/** Sets (or, with null, clears) the hierarchy; false when the relation type does not exist. */
export async function setHierarchyRelationType(db: Queryable, relationTypeId: string | null): Promise<boolean> {
  if (relationTypeId === null) {
    await db.query('DELETE FROM server_settings WHERE key = $1', [HIERARCHY_SETTING]);
    return true;
  }
  const rows = await db.query(
    `INSERT INTO server_settings (key, value) SELECT $1, rt.id::text FROM relation_types rt WHERE rt.id = $2::uuid
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value RETURNING key`,
    [HIERARCHY_SETTING, relationTypeId],
  );
  return rows.length > 0;
}
