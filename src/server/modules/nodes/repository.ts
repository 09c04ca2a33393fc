import type { z } from 'zod';
import type { KnowledgeNode, NodeListQuerySchema, NodeSaveSchema } from '../../../contract';
import type { Queryable } from '../../db/db';
import { iso, likePattern } from '../../db/rows';

export type NodeListQuery = z.output<typeof NodeListQuerySchema>;
export type NodeInput = z.output<typeof NodeSaveSchema>;

export interface NodeRow {
  id: string;
  name: string;
  node_type: string;
  node_type_id: string;
  node_type_color: string;
  snomed_code: string | null;
  url: string | null;
  description: string | null;
  note: string | null;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_username: string | null;
  updated_by: string | null;
  has_relations: boolean;
}

/** hasRelations and the creator's name come from the same query: never one query per node. */
const NODE_COLUMNS = `
  n.id, n.name, nt.name AS node_type, n.node_type_id, nt.color AS node_type_color, n.snomed_code, n.url, n.description, n.note,
  n.created_at, n.updated_at, n.created_by, u.username AS created_by_username, n.updated_by,
  (EXISTS (SELECT 1 FROM relations r WHERE r.source_node_id = n.id)
    OR EXISTS (SELECT 1 FROM relations r WHERE r.target_node_id = n.id)) AS has_relations`;
const NODE_JOINS = `JOIN node_types nt ON nt.id = n.node_type_id LEFT JOIN users u ON u.id = n.created_by`;
const SELECT_NODE = `SELECT ${NODE_COLUMNS} FROM nodes n ${NODE_JOINS}`;

export function toNode(r: NodeRow): KnowledgeNode {
  return {
    id: r.id,
    name: r.name,
    nodeType: r.node_type,
    nodeTypeId: r.node_type_id,
    nodeTypeColor: r.node_type_color,
    snomedCode: r.snomed_code,
    url: r.url,
    description: r.description,
    note: r.note,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    createdBy: r.created_by,
    createdByUsername: r.created_by_username,
    updatedBy: r.updated_by,
    hasRelations: r.has_relations,
  };
}

const ORDER: Record<NodeListQuery['sortBy'], string> = {
  name: 'lower(n.name)',
  createdAt: 'n.created_at',
  updatedAt: 'n.updated_at',
  nodeType: 'lower(nt.name)',
};

/** Non-blank text: the SNOMED and URL flags treat '' and whitespace like a missing value (spec §5). */
const filled = (column: string) => `(${column} IS NOT NULL AND btrim(${column}) <> '')`;

const SEARCH_FIELDS: Record<NodeListQuery['searchScope'], string[]> = {
  basic: ['n.name', 'n.description'],
  extended: ['n.name', 'n.description', 'nt.name', 'n.snomed_code'],
  /*
   * The search page (spec §5). note has no trigram index, so this OR scans the table: fine at
   * tens of thousands of nodes, and a fourth GIN index would slow bulk upload, whose cost is
   * mostly the GIN indexes (bench/results/import-notes.md).
   */
  full: ['n.name', 'n.description', 'n.note', 'n.snomed_code'],
};

function listFilter(q: NodeListQuery): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (q.nodeType) clauses.push(`lower(nt.name) = lower(${param(q.nodeType)})`);
  if (q.nodeTypes?.length) clauses.push(`lower(nt.name) = ANY(${param(q.nodeTypes)}::text[])`);
  const search = q.search?.trim();
  if (search) {
    const p = param(likePattern(search));
    clauses.push(`(${SEARCH_FIELDS[q.searchScope].map((f) => `${f} ILIKE ${p}`).join(' OR ')})`);
  }
  const snomed = q.snomedCode?.trim();
  if (snomed) clauses.push(`n.snomed_code ILIKE ${param(likePattern(snomed))}`);
  if (q.hasSnomed) clauses.push(q.hasSnomed === 'true' ? filled('n.snomed_code') : `NOT ${filled('n.snomed_code')}`);
  if (q.hasUrl) clauses.push(q.hasUrl === 'true' ? filled('n.url') : `NOT ${filled('n.url')}`);
  const creator = q.createdBy?.trim();
  if (creator) clauses.push(`n.created_by IN (SELECT id FROM users WHERE username ILIKE ${param(likePattern(creator))})`);
  if (q.createdAfter) clauses.push(`n.created_at >= ${param(q.createdAfter)}::timestamptz`);
  if (q.createdBefore) clauses.push(`n.created_at <= ${param(q.createdBefore)}::timestamptz`);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** Substring filters, usually rare: gather the matches first through the indexes (see listNodes). */
const isTextFilter = (q: NodeListQuery) => !!(q.search?.trim() || q.snomedCode?.trim() || q.createdBy?.trim());

/** One page of nodes and the total, whatever the page size. */
export async function listNodes(db: Queryable, q: NodeListQuery): Promise<{ rows: NodeRow[]; total: number }> {
  const { where, params } = listFilter(q);
  const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const limit = `LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  if (!isTextFilter(q)) {
    // Unfiltered, or filtered by type, date or flag: walk the sort index for the page, count separately.
    const [rows, count] = await Promise.all([
      db.query<NodeRow>(`${SELECT_NODE} ${where} ORDER BY ${ORDER[q.sortBy]} ${dir}, n.id ${dir} ${limit}`, [...params, q.limit, q.skip]),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id ${where}`, params),
    ]);
    return { rows, total: count[0].total };
  }
  /*
   * A text search or a rare-value filter: collect the matches once through the trigram indexes, then sort and
   * count them. Left to itself the planner walks the sort index newest-first expecting many
   * matches, which reads the whole table for a rare term (bench/results/api-notes.md §2).
   */
  const rows = await db.query<NodeRow & { total: number }>(
    `WITH hits AS MATERIALIZED (
       SELECT n.id, ${ORDER[q.sortBy]} AS sort_key FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id ${where}
     ), page AS (
       SELECT id, sort_key FROM hits ORDER BY sort_key ${dir}, id ${dir} ${limit}
     )
     SELECT (SELECT count(*) FROM hits)::int AS total, ${NODE_COLUMNS}
       FROM page JOIN nodes n ON n.id = page.id ${NODE_JOINS}
      ORDER BY page.sort_key ${dir}, page.id ${dir}`,
    [...params, q.limit, q.skip],
  );
  if (rows.length > 0 || q.skip === 0) return { rows, total: rows[0]?.total ?? 0 };
  // A page past the end: still report how many there are.
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id ${where}`, params);
  return { rows, total };
}

/** The pickers' search: by name (prefix matches first) or exact name. */
export async function searchNodes(db: Queryable, q: { q: string; nodeType?: string; limit: number; exact: boolean }): Promise<NodeRow[]> {
  const params: unknown[] = [q.exact ? q.q.trim() : likePattern(q.q.trim()), q.q.trim().toLowerCase(), q.limit];
  let where = q.exact ? 'WHERE lower(n.name) = lower($1)' : 'WHERE (n.name ILIKE $1 OR n.snomed_code ILIKE $1)';
  if (q.nodeType) {
    params.push(q.nodeType);
    where += ` AND lower(nt.name) = lower($${params.length})`;
  }
  return db.query<NodeRow>(
    `${SELECT_NODE} ${where} ORDER BY (lower(n.name) LIKE $2 || '%') DESC, length(n.name), lower(n.name) LIMIT $3`,
    params,
  );
}

export async function getNode(db: Queryable, id: string): Promise<NodeRow | null> {
  return (await db.query<NodeRow>(`${SELECT_NODE} WHERE n.id = $1`, [id]))[0] ?? null;
}

export async function relationCount(db: Queryable, id: string): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM relations WHERE source_node_id = $1) + (SELECT count(*) FROM relations WHERE target_node_id = $1))::int AS n`,
    [id],
  );
  return n;
}

export async function findNodeTypeId(db: Queryable, name: string): Promise<string | null> {
  return (await db.query<{ id: string }>('SELECT id FROM node_types WHERE lower(name) = lower($1)', [name]))[0]?.id ?? null;
}

export async function nodeWithSnomedCode(db: Queryable, code: string): Promise<{ id: string; name: string } | null> {
  return (await db.query<{ id: string; name: string }>('SELECT id, name FROM nodes WHERE snomed_code = $1', [code]))[0] ?? null;
}

export async function insertNode(db: Queryable, input: NodeInput, typeId: string, userId: string): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO nodes (name, node_type_id, snomed_code, url, description, note, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [input.name, typeId, input.snomedCode ?? null, input.url ?? null, input.description ?? null, input.note ?? null, userId],
  );
  return rows[0].id;
}

/** Fields left out of the body keep their value; null clears them. */
export async function updateNode(db: Queryable, id: string, input: NodeInput, typeId: string, userId: string): Promise<void> {
  await db.query(
    `UPDATE nodes SET name = $2, node_type_id = $3,
            snomed_code = CASE WHEN $4 THEN $5 ELSE snomed_code END,
            url = CASE WHEN $6 THEN $7 ELSE url END,
            description = CASE WHEN $8 THEN $9 ELSE description END,
            note = CASE WHEN $10 THEN $11 ELSE note END,
            updated_by = $12, updated_at = now()
      WHERE id = $1`,
    [
      id,
      input.name,
      typeId,
      input.snomedCode !== undefined,
      input.snomedCode ?? null,
      input.url !== undefined,
      input.url ?? null,
      input.description !== undefined,
      input.description ?? null,
      input.note !== undefined,
      input.note ?? null,
      userId,
    ],
  );
}

/**
 * Deletes the node; relations and attachment rows go with it (ON DELETE CASCADE). The attachments'
 * contents stay in the blob store: the delete's audit event refers to them (see ARCHITECTURE "Audit trail").
 */
export async function deleteNode(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM nodes WHERE id = $1 RETURNING id', [id])).length > 0;
}

