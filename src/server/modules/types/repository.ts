import type { TaxonomyKind, TaxonomyType } from '../../../contract';
import type { Queryable } from '../../db/db';
import { RELATION_RULE_MESSAGES } from '../../../contract/texts/relations';
import { iso } from '../../db/rows';
import { badRequest } from '../../plugins/errors';
import { loadNodeTypeNames, loadRelationRules } from '../relations';

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
  version: number;
  updated_at: Date;
  updated_by: string | null;
  updated_by_username: string | null;
}

const toType = (r: Row): TaxonomyType => ({
  id: r.id,
  name: r.name,
  createdAt: iso(r.created_at),
  createdBy: r.created_by,
  usageCount: r.usage_count,
  color: r.color,
  version: r.version,
  updatedAt: iso(r.updated_at),
  updatedBy: r.updated_by,
  updatedByUsername: r.updated_by_username,
});

function select(kind: TaxonomyKind, where: string) {
  const t = TABLES[kind];
  return `SELECT t.id, t.name, t.created_at, u.username AS created_by, ${t.colored ? 't.color' : 'NULL::text AS color'},
                 t.version, t.updated_at, t.updated_by, (SELECT uu.username FROM users uu WHERE uu.id = t.updated_by) AS updated_by_username,
                 (SELECT count(*) FROM ${t.usedBy} x WHERE x.${t.fk} = t.id)::int AS usage_count
            FROM ${t.table} t LEFT JOIN users u ON u.id = t.created_by ${where}`;
}

export async function listTypes(db: Queryable, kind: TaxonomyKind): Promise<TaxonomyType[]> {
  return withRules(db, kind, (await db.query<Row>(`${select(kind, '')} ORDER BY lower(t.name)`)).map(toType));
}

export async function getType(db: Queryable, kind: TaxonomyKind, id: string): Promise<TaxonomyType | null> {
  const rows = await db.query<Row>(select(kind, 'WHERE t.id = $1'), [id]);
  return rows[0] ? (await withRules(db, kind, [toType(rows[0])]))[0] : null;
}

/** Relation types carry their rule, with node type names as the API gives them. */
async function withRules(db: Queryable, kind: TaxonomyKind, types: TaxonomyType[]): Promise<TaxonomyType[]> {
  if (kind !== 'relation' || types.length === 0) return types;
  const [rules, typeNames] = await Promise.all([loadRelationRules(db), loadNodeTypeNames(db)]);
  const namesOf = (ids: string[]) => ids.map((id) => typeNames.get(id) ?? id).sort((a, b) => a.localeCompare(b));
  return types.map((t) => {
    const rule = rules.get(t.id);
    if (!rule) return t;
    return { ...t, sourceNodeTypes: namesOf(rule.sourceNodeTypeIds), targetNodeTypes: namesOf(rule.targetNodeTypeIds), symmetric: rule.symmetric, defaultWeight: rule.defaultWeight };
  });
}

export interface RelationRuleSave {
  sourceNodeTypes?: string[];
  targetNodeTypes?: string[];
  symmetric?: boolean;
  defaultWeight?: number | null;
}

/**
 * Stores a relation type's rule fields that were given (left out = unchanged). Node type names
 * are resolved to ids (any capitalisation); an unknown one is a 400 naming it.
 */
export async function saveRelationRule(db: Queryable, relationTypeId: string, save: RelationRuleSave): Promise<void> {
  const given = [...(save.sourceNodeTypes ?? []), ...(save.targetNodeTypes ?? [])];
  const rows = given.length
    ? await db.query<{ id: string; key: string }>('SELECT id, lower(name) AS key FROM node_types WHERE lower(name) = ANY($1::text[])', [given.map((n) => n.toLowerCase())])
    : [];
  const idOf = new Map(rows.map((r) => [r.key, r.id]));
  for (const name of given) if (!idOf.has(name.toLowerCase())) throw badRequest(RELATION_RULE_MESSAGES.unknownNodeType(name), 'unknown_node_type');
  for (const [end, names] of [['source', save.sourceNodeTypes], ['target', save.targetNodeTypes]] as const) {
    if (!names) continue;
    // `end` is one of two literals, never input.
    await db.query(`DELETE FROM relation_type_${end}_node_types WHERE relation_type_id = $1`, [relationTypeId]);
    const ids = [...new Set(names.map((n) => idOf.get(n.toLowerCase())!))];
    if (ids.length) {
      await db.query(`INSERT INTO relation_type_${end}_node_types (relation_type_id, node_type_id) SELECT $1, unnest($2::uuid[])`, [relationTypeId, ids]);
    }
  }
  if (save.symmetric !== undefined) await db.query('UPDATE relation_types SET "symmetric" = $2 WHERE id = $1', [relationTypeId, save.symmetric]);
  if (save.defaultWeight !== undefined) await db.query('UPDATE relation_types SET default_weight = $2 WHERE id = $1', [relationTypeId, save.defaultWeight]);
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
