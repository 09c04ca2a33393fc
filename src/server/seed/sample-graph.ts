import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/db';

/**
 * The sample medical graph a new embedded database starts with: diseases, symptoms and drugs
 * from public datasets, derived by scripts/derive-sample-graph.mjs into sample-graph.json
 * (contents, weights and licences: docs/SAMPLE-DATA.md).
 */
export interface SampleGraphCounts {
  nodes: number;
  relations: number;
  concepts: number;
}

type NodeRow = [type: string, name: string, snomedCode: string | null, url: string | null, description: string | null];
type RelationRow = [sourceIndex: number, targetIndex: number, relationTypeIndex: number, weight: number, description: string];
type ConceptRow = [id: string, conceptId: string, term: string];

interface SampleGraphFile {
  attribution: string;
  nodeTypes: string[];
  relationTypes: { name: string; relationName: string; sourceNodeTypes: string[]; targetNodeTypes: string[]; symmetric: boolean; defaultWeight: number | null }[];
  nodeColumns: string[];
  nodes: NodeRow[];
  relationColumns: string[];
  relations: RelationRow[];
  conceptDefaults: {
    active: boolean;
    effectiveTime: string;
    moduleId: string;
    languageCode: string;
    typeId: string;
    caseSignificanceId: string;
  };
  conceptColumns: string[];
  concepts: ConceptRow[];
}

const FILE = path.join(import.meta.dirname, 'sample-graph.json');

/** Reads the file, refusing one whose row layout differs from what this loader maps. */
function readSampleGraph(): SampleGraphFile {
  const graph = JSON.parse(fs.readFileSync(FILE, 'utf8')) as SampleGraphFile;
  const layout = [graph.nodeColumns, graph.relationColumns, graph.conceptColumns].map((c) => c.join(','));
  const expected = ['type,name,snomedCode,url,description', 'sourceIndex,targetIndex,relationTypeIndex,weight,description', 'id,conceptId,term'];
  if (layout.join('|') !== expected.join('|')) throw new Error(`${FILE}: unexpected columns ${layout.join(' | ')}`);
  return graph;
}

/**
 * Creates the types `names` that are missing and returns lower(name) → id for all of them,
 * reusing a type someone already made under any capitalisation.
 */
async function typeIds(db: Queryable, table: 'node_types' | 'relation_types', names: string[]): Promise<Map<string, string>> {
  // `table` is one of two literals (identifiers cannot be parameters); the names are parameters.
  // The outer SELECT reads the snapshot from before the CTE's insert, so it sees the types that
  // already existed and the CTE returns the new ones: together, all of them, in one round trip.
  const rows = await db.query<{ id: string; key: string }>(
    `WITH added AS (
       INSERT INTO ${table} (name) SELECT unnest($1::text[]) ON CONFLICT (lower(name)) DO NOTHING RETURNING id, lower(name) AS key
     )
     SELECT id, key FROM added
     UNION ALL
     SELECT id, lower(name) AS key FROM ${table} WHERE lower(name) = ANY($2::text[])`,
    [names, names.map((n) => n.toLowerCase())],
  );
  const ids = new Map(rows.map((r) => [r.key, r.id]));
  for (const n of names) if (!ids.has(n.toLowerCase())) throw new Error(`${table}: no id for "${n}"`);
  return ids;
}

/**
 * The sample relation types' rules, for each type that has none yet: a type
 * someone already made keeps what they gave it.
 */
async function addRelationRules(db: Queryable, graph: SampleGraphFile, nodeTypeIds: Map<string, string>, relationTypeIds: Map<string, string>) {
  for (const t of graph.relationTypes) {
    const id = relationTypeIds.get(t.name.toLowerCase())!;
    const [{ ruled }] = await db.query<{ ruled: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM relation_type_source_node_types WHERE relation_type_id = $1)
           OR EXISTS (SELECT 1 FROM relation_type_target_node_types WHERE relation_type_id = $1) AS ruled`,
      [id],
    );
    if (ruled) continue;
    const ids = (names: string[]) => names.map((n) => nodeTypeIds.get(n.toLowerCase())!);
    await db.query('INSERT INTO relation_type_source_node_types (relation_type_id, node_type_id) SELECT $1, unnest($2::uuid[])', [id, ids(t.sourceNodeTypes)]);
    await db.query('INSERT INTO relation_type_target_node_types (relation_type_id, node_type_id) SELECT $1, unnest($2::uuid[])', [id, ids(t.targetNodeTypes)]);
    await db.query('UPDATE relation_types SET "symmetric" = $2, default_weight = $3 WHERE id = $1', [id, t.symmetric, t.defaultWeight]);
  }
}

/**
 * Loads the sample graph with a handful of batched statements, inside the caller's transaction
 * (pass the transaction's Queryable). Only for an empty graph: when any node exists it changes
 * nothing and returns zeros, so calling it twice is harmless. Rows get created_by NULL (system data).
 */
export async function loadSampleGraph(db: Queryable): Promise<SampleGraphCounts> {
  const none: SampleGraphCounts = { nodes: 0, relations: 0, concepts: 0 };
  const hasNodes = async () => (await db.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM nodes) AS present'))[0].present;
  if (await hasNodes()) return none;
  // Two servers starting on one new PostgreSQL database: the second waits here for the first to
  // commit, then sees its nodes and backs off. Taken only once the graph looked empty.
  await db.query('LOCK TABLE nodes IN SHARE ROW EXCLUSIVE MODE');
  if (await hasNodes()) return none;

  const graph = readSampleGraph();
  const nodeTypeIds = await typeIds(db, 'node_types', graph.nodeTypes);
  const relationTypeIds = await typeIds(db, 'relation_types', graph.relationTypes.map((t) => t.name));

  await addRelationRules(db, graph, nodeTypeIds, relationTypeIds);

  const typeOf = (n: NodeRow) => nodeTypeIds.get(n[0].toLowerCase())!;
  const inserted = await db.query<{ id: string; key: string }>(
    `INSERT INTO nodes (name, node_type_id, snomed_code, url, description)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[])
     RETURNING id, node_type_id || ':' || name AS key`,
    [graph.nodes.map((n) => n[1]), graph.nodes.map(typeOf), graph.nodes.map((n) => n[2]), graph.nodes.map((n) => n[3]), graph.nodes.map((n) => n[4])],
  );
  // RETURNING order is not promised to follow the input, so match rows back by (type, name),
  // which the nodes_name_type_ci index keeps unique.
  const idByKey = new Map(inserted.map((r) => [r.key, r.id]));
  const nodeIds = graph.nodes.map((n) => idByKey.get(`${typeOf(n)}:${n[1]}`)!);

  const rel = graph.relations;
  const relType = (r: RelationRow) => graph.relationTypes[r[2]];
  const [{ count: relations }] = await db.query<{ count: number }>(
    `WITH added AS (
       INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name, weight, description)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::text[])
       RETURNING 1
     )
     SELECT count(*)::int AS count FROM added`,
    [
      rel.map((r) => nodeIds[r[0]]),
      rel.map((r) => nodeIds[r[1]]),
      rel.map((r) => relationTypeIds.get(relType(r).name.toLowerCase())),
      rel.map((r) => relType(r).relationName),
      rel.map((r) => r[3]),
      rel.map((r) => r[4]),
    ],
  );

  // ON CONFLICT: the catalogue may already hold these ids if someone imported before adding nodes.
  const c = graph.conceptDefaults;
  const [{ count: concepts }] = await db.query<{ count: number }>(
    `WITH added AS (
       INSERT INTO snomed_concepts (id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id)
       SELECT id, concept_id, term, $4::boolean, $5, $6, $7, $8, $9
       FROM unnest($1::text[], $2::text[], $3::text[]) AS t (id, concept_id, term)
       ON CONFLICT (id) DO NOTHING
       RETURNING 1
     )
     SELECT count(*)::int AS count FROM added`,
    [
      graph.concepts.map((r) => r[0]),
      graph.concepts.map((r) => r[1]),
      graph.concepts.map((r) => r[2]),
      c.active,
      c.effectiveTime,
      c.moduleId,
      c.languageCode,
      c.typeId,
      c.caseSignificanceId,
    ],
  );

  return { nodes: inserted.length, relations, concepts };
}
