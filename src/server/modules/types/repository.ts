import type { TaxonomyKind, TaxonomyType } from '../../../contract';
import type { Queryable } from '../../db/db';
import { iso } from '../../db/rows';

/** Table names come from this fixed map, never from input, so interpolating them is safe. */
const TABLES: Record<TaxonomyKind, { table: string; usedBy: string; fk: string; colored: boolean }> = {
  node: { table: 'node_types', usedBy: 'nodes', fk: 'node_type_id', colored: true },
  relation: { table: 'relation_types', usedBy: 'relations', fk: 'relation_type_id', colored: false },
};

interface Row {
  id: string;
  name: string;
  created_at: Date;
  created_by: string | null;
  usage_count: number;
  color: string | null;
}

const toType = (r: Row): TaxonomyType => ({
  id: r.id,
  name: r.name,
  createdAt: iso(r.created_at),
  createdBy: r.created_by,
  usageCount: r.usage_count,
  color: r.color,
});

function select(kind: TaxonomyKind, where: string) {
  const t = TABLES[kind];
  return `SELECT t.id, t.name, t.created_at, u.username AS created_by, ${t.colored ? 't.color' : 'NULL::text AS color'},
                 (SELECT count(*) FROM ${t.usedBy} x WHERE x.${t.fk} = t.id)::int AS usage_count
            FROM ${t.table} t LEFT JOIN users u ON u.id = t.created_by ${where}`;
}

export async function listTypes(db: Queryable, kind: TaxonomyKind): Promise<TaxonomyType[]> {
  return (await db.query<Row>(`${select(kind, '')} ORDER BY lower(t.name)`)).map(toType);
}

export async function getType(db: Queryable, kind: TaxonomyKind, id: string): Promise<TaxonomyType | null> {
  const rows = await db.query<Row>(select(kind, 'WHERE t.id = $1'), [id]);
  return rows[0] ? toType(rows[0]) : null;
}

/** A node type created without a colour gets the next palette colour from the database (migration 0010). */
export async function createType(db: Queryable, kind: TaxonomyKind, name: string, userId: string | null, color?: string): Promise<string> {
  const rows = TABLES[kind].colored
    ? await db.query<{ id: string }>(`INSERT INTO node_types (name, created_by, color) VALUES ($1, $2, $3) RETURNING id`, [name, userId, color ?? null])
    : await db.query<{ id: string }>(`INSERT INTO ${TABLES[kind].table} (name, created_by) VALUES ($1, $2) RETURNING id`, [name, userId]);
  return rows[0].id;
}

/** Renames in place (nodes and relations refer to the type by id, so they follow); a node type's colour changes only when given. */
export async function renameType(db: Queryable, kind: TaxonomyKind, id: string, name: string, color?: string): Promise<boolean> {
  const rows = TABLES[kind].colored
    ? await db.query(`UPDATE node_types SET name = $2, color = COALESCE($3, color), updated_at = now() WHERE id = $1 RETURNING id`, [id, name, color ?? null])
    : await db.query(`UPDATE ${TABLES[kind].table} SET name = $2, updated_at = now() WHERE id = $1 RETURNING id`, [id, name]);
  return rows.length > 0;
}

/** How many nodes (or relations) use a type. */
export async function typeUsage(db: Queryable, kind: TaxonomyKind, id: string): Promise<number> {
  const t = TABLES[kind];
  const [{ usage }] = await db.query<{ usage: number }>(`SELECT count(*)::int AS usage FROM ${t.usedBy} WHERE ${t.fk} = $1`, [id]);
  return usage;
}

/**
 * Deletes a type. The database refuses it with 23503 while anything uses the type (no silent
 * cascade): the foreign key of relations, the node_types_keep_in_use trigger for nodes
 * (migration 0007); both also close the race with a concurrent insert. See the route for the 409.
 */
export async function deleteType(db: Queryable, kind: TaxonomyKind, id: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM ${TABLES[kind].table} WHERE id = $1 RETURNING id`, [id]);
  return rows.length > 0;
}
