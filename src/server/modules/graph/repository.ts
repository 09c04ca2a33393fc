import type { z } from 'zod';
import type { Graph, GraphNode, GraphQuerySchema, GraphRelation } from '../../../contract';
import { toEvidence } from '../relations';
import type { Queryable } from '../../db/db';
import { iso } from '../../db/rows';

export type GraphQuery = z.output<typeof GraphQuerySchema>;

interface NodeRow {
  id: string;
  name: string;
  node_type: string;
  snomed_code: string | null;
  description: string | null;
  created_at: Date;
  degree: number;
  version: number;
}

interface RelationRow {
  id: string;
  source_node_id: string;
  target_node_id: string;
  relation_type: string;
  relation_name: string;
  weight: number;
  description: string | null;
  version: number;
}

const toNode = (r: NodeRow): GraphNode => ({
  id: r.id,
  name: r.name,
  nodeType: r.node_type,
  snomedCode: r.snomed_code,
  description: r.description,
  createdAt: iso(r.created_at),
  degree: r.degree,
  version: r.version,
});

const toRelation = (r: RelationRow): GraphRelation => ({
  id: r.id,
  sourceNodeId: r.source_node_id,
  targetNodeId: r.target_node_id,
  relationType: r.relation_type,
  relationName: r.relation_name,
  weight: r.weight,
  description: r.description,
  version: r.version,
});

/**
 * A node's degree lives in node_degrees (migration 0025), kept by the relation triggers; a node
 * that never had a relation has no row there.
 */
const DEGREE_JOIN = 'LEFT JOIN node_degrees d ON d.node_id = n.id';
/** A node's columns, its degree read from `degree` (the joined row, or the best-connected list's own). */
const nodeColumns = (degree: string) => `n.id, n.name, nt.name AS node_type, n.snomed_code, n.description, n.created_at, ${degree} AS degree, n.version`;
const NODE_COLUMNS = nodeColumns('COALESCE(d.degree, 0)');

const lowerAll = (names?: string[]) => names?.map((n) => n.toLowerCase()) ?? null;

/**
 * Relations whose two ends are both among `ids`, filtered by type. `= ANY(array)` lets
 * PostgreSQL hash the id list instead of hashing the whole relations table.
 */
async function relationsAmong(db: Queryable, ids: string[], relationTypes: string[] | null): Promise<GraphRelation[]> {
  const rows = await db.query<RelationRow>(
    `SELECT r.id, r.source_node_id, r.target_node_id, rt.name AS relation_type, r.relation_name, r.weight, r.description, r.version
       FROM relations r JOIN relation_types rt ON rt.id = r.relation_type_id
      WHERE r.source_node_id = ANY($1::uuid[]) AND r.target_node_id = ANY($1::uuid[])
        AND ($2::text[] IS NULL OR lower(rt.name) = ANY($2::text[]))`,
    [ids, relationTypes],
  );
  const relations = rows.map(toRelation);
  // One more query for the evidence of the relations that have any (none for most graphs today).
  const evidence = await db.query<{ relation_id: string; evidence: Parameters<typeof toEvidence>[0] }>(
    `SELECT e.relation_id, json_agg(json_build_object('source', e.source, 'quote', e.quote, 'grade', e.grade) ORDER BY e.seq) AS evidence
       FROM relation_evidence e WHERE e.relation_id = ANY($1::uuid[]) GROUP BY e.relation_id`,
    [relations.map((r) => r.id)],
  );
  const byRelation = new Map(evidence.map((e) => [e.relation_id, toEvidence(e.evidence)]));
  for (const relation of relations) {
    const list = byRelation.get(relation.id);
    if (list) relation.evidence = list;
  }
  return relations;
}

/**
 * The whole graph (filtered by node and relation types), in two queries plus a count. Past
 * the limit, the best-connected nodes are kept and `truncated` says so.
 */
export async function globalGraph(db: Queryable, q: GraphQuery): Promise<Graph> {
  const nodeTypes = lowerAll(q.nodeTypes);
  const filter = `WHERE $1::text[] IS NULL OR lower(nt.name) = ANY($1::text[])`;
  const [{ total }] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id ${filter}`,
    [nodeTypes],
  );
  const truncated = total > q.limit;
  const nodes = truncated
    ? await db.query<NodeRow>(
        `${BEST_CONNECTED} SELECT ${nodeColumns('top.degree')} FROM top JOIN nodes n ON n.id = top.id JOIN node_types nt ON nt.id = n.node_type_id ORDER BY top.degree DESC, n.id`,
        [await typeIds(db, nodeTypes), q.limit],
      )
    : await db.query<NodeRow>(`SELECT ${NODE_COLUMNS} FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id ${DEGREE_JOIN} ${filter} LIMIT $2`, [nodeTypes, q.limit]);
  const relations = await relationsAmong(
    db,
    nodes.map((n) => n.id),
    lowerAll(q.relationTypes),
  );
  return { focus: null, nodes: nodes.map(toNode), relations, truncated, totalNodes: total };
}

/**
 * The $2 best-connected nodes of the types $1 (ids; all types when null), by degree and then id, as
 * `top`: read in the order of node_degrees_best (migration 0028), which has each row's type, stopping
 * after the page. Joining the nodes with every row of node_degrees took 0.3–1.3 s per request on a
 * million nodes. Nodes without relations (no row, or a row back at 0) come after, by id, only when the
 * rows with a degree do not fill the page.
 */
const BEST_CONNECTED = `
  WITH connected AS MATERIALIZED (
    SELECT d.node_id AS id, d.degree FROM node_degrees d
     WHERE d.degree > 0 AND ($1::uuid[] IS NULL OR d.node_type_id = ANY($1::uuid[]))
     ORDER BY d.degree DESC, d.node_id LIMIT $2
  ), top AS MATERIALIZED (
    SELECT id, degree FROM connected
    UNION ALL
    (SELECT n.id, 0 FROM nodes n
      WHERE (SELECT count(*) FROM connected) < $2 AND ($1::uuid[] IS NULL OR n.node_type_id = ANY($1::uuid[]))
        AND NOT EXISTS (SELECT 1 FROM node_degrees d WHERE d.node_id = n.id AND d.degree > 0)
      ORDER BY n.id LIMIT $2 - (SELECT count(*) FROM connected))
  )`;
/** The ids of the named types, for BEST_CONNECTED: a list it can compare each index entry's type with. */
const typeIds = async (db: Queryable, lowerNames: string[] | null) =>
  lowerNames && (await db.query<{ id: string }>('SELECT id FROM node_types WHERE lower(name) = ANY($1::text[])', [lowerNames])).map((t) => t.id);

/**
 * The neighbourhood of one node up to `depth` steps in either direction: one query per
 * step (at most three), then the nodes and the relations among them.
 */
export async function focusedGraph(db: Queryable, focus: string, q: GraphQuery): Promise<Graph | null> {
  const relationTypes = lowerAll(q.relationTypes);
  const nodeTypes = lowerAll(q.nodeTypes);
  const seen = new Set([focus]);
  let frontier = [focus];
  let truncated = false;
  for (let step = 0; step < q.depth && frontier.length > 0 && !truncated; step++) {
    const rows = await db.query<{ id: string }>(
      `SELECT DISTINCT CASE WHEN r.source_node_id = ANY($1::uuid[]) THEN r.target_node_id ELSE r.source_node_id END AS id
         FROM relations r JOIN relation_types rt ON rt.id = r.relation_type_id
         JOIN nodes o ON o.id = CASE WHEN r.source_node_id = ANY($1::uuid[]) THEN r.target_node_id ELSE r.source_node_id END
         JOIN node_types ot ON ot.id = o.node_type_id
        WHERE (r.source_node_id = ANY($1::uuid[]) OR r.target_node_id = ANY($1::uuid[]))
          AND ($2::text[] IS NULL OR lower(rt.name) = ANY($2::text[]))
          AND ($3::text[] IS NULL OR lower(ot.name) = ANY($3::text[]))`,
      [frontier, relationTypes, nodeTypes],
    );
    const next: string[] = [];
    for (const { id } of rows) {
      if (seen.has(id)) continue;
      if (seen.size >= q.limit) {
        truncated = true;
        break;
      }
      seen.add(id);
      next.push(id);
    }
    frontier = next;
  }
  const ids = [...seen];
  const nodes = await db.query<NodeRow>(
    `SELECT ${NODE_COLUMNS}
       FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id ${DEGREE_JOIN} WHERE n.id = ANY($1::uuid[])`,
    [ids],
  );
  if (!nodes.some((n) => n.id === focus)) return null;
  const relations = await relationsAmong(db, ids, relationTypes);
  return { focus, nodes: nodes.map(toNode), relations, truncated, totalNodes: nodes.length };
}
