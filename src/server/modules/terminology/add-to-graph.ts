import type { FastifyInstance } from 'fastify';
import { LIMITS, SNOMED_SYSTEM_URL, type AddToGraphSummary } from '../../../contract';
import type { Queryable } from '../../db/db';
import type { JobContext, JobOutcome } from '../../platform/jobs/runner';
import { INSERT_RELATIONS_SQL, RELATION_IMPORT_LOCK_SQL } from '../relation-import';

/**
 * "Add to the graph" (Terminology page): a code system's concepts become nodes of a chosen type
 * (name = display, else the code; description = definition; a SNOMED CT code system's code becomes
 * the node's SNOMED code) and each concept's parents become relations of a chosen type from the
 * child to the parent. A background job on the platform's engine: batches of concepts in the
 * resource's order, each committed with the job's checkpoint, progress on the node upload's event.
 *
 * Idempotent by a stored mapping (terminology_graph_nodes: system + code → node): a concept mapped
 * already is skipped, so running it again — or after an interruption — creates nothing twice and goes
 * on where it stopped. A concept whose name is already a node of the type (the database's own rule:
 * one name per type, case-insensitive), or whose SNOMED code a node has, is mapped to that node
 * instead of a new one. A relation between the same two nodes with the same type is not made twice.
 */
export interface AddToGraphInput {
  codeSystemId: string;
  /** The canonical url (the mapping's system); a code system without one is keyed by its id. */
  system: string;
  nodeTypeId: string;
  relationTypeId: string;
  userId: string;
}

const BATCH = 500;

/** A concept's node name: its display, else its code, trimmed and cut to the name limit. */
const NAME = `left(btrim(coalesce(nullif(btrim(fc.display), ''), fc.code)), ${LIMITS.nameMaxLength})`;
const WINDOW = `fc.code_system_id = $1 AND fc.seq >= $2 AND fc.seq < $3`;
const UNMAPPED = `NOT EXISTS (SELECT 1 FROM terminology_graph_nodes m WHERE m.system = $4 AND m.code = fc.code)`;

/**
 * The nodes of a window of concepts not mapped yet ($1 code system, $2–$3 seq window, $4 system,
 * $5 node type, $6 SNOMED, $7 user, $8 job); their create events as one audit batch row, as the
 * node upload writes them. Answers how many were unmapped and how many nodes were created.
 *
 * As the node upload does (node-import/importer.ts, migration 0018), every node of one run is
 * created at the job's creation time and numbered by its concept's place in the resource
 * (import_seq), so the node list's "newest first" shows the run's nodes in the code system's
 * order. With now() per batch and no number they shared one time and listed in random id order:
 * a concept near the top of the resource could be anywhere among the pages.
 */
const INSERT_NODES_SQL = `
  WITH job AS (SELECT COALESCE((SELECT created_at FROM import_jobs WHERE id = $8::uuid), now()) AS at),
  c AS MATERIALIZED (
    SELECT fc.code, fc.seq, ${NAME} AS name, left(fc.definition, ${LIMITS.nodeTextMax}) AS definition
      FROM fhir_concepts fc WHERE ${WINDOW} AND ${UNMAPPED}),
  added AS (
    INSERT INTO nodes (name, node_type_id, snomed_code, description, created_by, updated_by, created_at, updated_at, import_seq)
    SELECT c.name, $5::uuid, CASE WHEN $6::boolean THEN c.code END, c.definition, $7::uuid, $7::uuid, job.at, now(), c.seq + 1
      FROM c CROSS JOIN job ORDER BY c.seq
    ON CONFLICT DO NOTHING
    RETURNING id, name, node_type_id, snomed_code, import_seq),
  logged AS (
    INSERT INTO audit_created_batches (actor_id, actor_name, entity_type, job_id, entity_ids, names, type_names, snomed_codes)
    SELECT $7::uuid, (SELECT username FROM users WHERE id = $7::uuid), 'node', $8::text,
           array_agg(a.id ORDER BY a.import_seq), array_agg(a.name ORDER BY a.import_seq),
           array_agg(nt.name ORDER BY a.import_seq), array_agg(a.snomed_code ORDER BY a.import_seq)
      FROM added a JOIN node_types nt ON nt.id = a.node_type_id
    HAVING count(*) > 0)
  SELECT (SELECT count(*)::int FROM c) AS unmapped, (SELECT count(*)::int FROM added) AS created`;

/** Maps the window's unmapped concepts to their node (the one just created, or the one there before). */
const MAP_SQL = `
  INSERT INTO terminology_graph_nodes (system, code, node_id)
  SELECT DISTINCT ON (fc.code) $4, fc.code, n.id
    FROM fhir_concepts fc
    JOIN nodes n ON (n.node_type_id = $5::uuid AND lower(n.name) = lower(${NAME})) OR ($6::boolean AND n.snomed_code = fc.code)
   WHERE ${WINDOW} AND ${UNMAPPED}
   ORDER BY fc.code, (n.node_type_id = $5::uuid AND lower(n.name) = lower(${NAME})) DESC
  ON CONFLICT DO NOTHING`;

/** The window's child → parent node pairs (both ends mapped, not the same node). */
const PAIRS_SQL = `
  SELECT DISTINCT cm.node_id AS source, pm.node_id AS target
    FROM fhir_concepts fc
    JOIN terminology_graph_nodes cm ON cm.system = $4 AND cm.code = fc.code
    CROSS JOIN LATERAL unnest(fc.parent_codes) AS p(code)
    JOIN terminology_graph_nodes pm ON pm.system = $4 AND pm.code = p.code
   WHERE ${WINDOW} AND cardinality(fc.parent_codes) > 0 AND cm.node_id <> pm.node_id`;

interface RelationType {
  name: string;
  weight: number;
  symmetric: boolean;
}

async function relationsOfWindow(tx: Queryable, input: AddToGraphInput, type: RelationType, from: number, to: number, jobId: string): Promise<number> {
  const pairs = await tx.query<{ source: string; target: string }>(PAIRS_SQL, [input.codeSystemId, from, to, input.system]);
  if (pairs.length === 0) return 0;
  // Apart from relation imports, whose duplicate checks must see what this wrote (relation-import/insert.ts).
  await tx.query(RELATION_IMPORT_LOCK_SQL);
  const n = pairs.length;
  const fill = <T>(v: T) => Array.from({ length: n }, () => v);
  const [row] = await tx.query<{ created: number }>(INSERT_RELATIONS_SQL, [
    pairs.map((p) => p.source),
    pairs.map((p) => p.target),
    fill(input.relationTypeId),
    fill(type.name),
    fill(type.weight),
    fill(null),
    fill(null),
    fill(type.symmetric),
    input.userId,
    jobId,
    fill(null),
  ]);
  return row.created;
}

export async function runAddToGraph(app: FastifyInstance, input: AddToGraphInput, ctx: JobContext): Promise<JobOutcome & { summary: AddToGraphSummary }> {
  const db = app.db;
  const snomed = input.system === SNOMED_SYSTEM_URL;
  const [{ last }] = await db.query<{ last: number | null }>(`SELECT max(seq) AS last FROM fhir_concepts WHERE code_system_id = $1`, [input.codeSystemId]);
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM fhir_concepts WHERE code_system_id = $1`, [input.codeSystemId]);
  const [type] = await db.query<RelationType>(`SELECT name, coalesce(default_weight, ${LIMITS.relationWeight.default}) AS weight, "symmetric" FROM relation_types WHERE id = $1`, [input.relationTypeId]);
  ctx.validated();
  const summary: AddToGraphSummary = { concepts: total, nodesCreated: 0, nodesLinked: 0, skipped: 0, relationsCreated: 0 };
  const end = (last ?? -1) + 1;
  // Two passes over the concepts in windows of seq: first every node (a parent may come after its
  // child), then the relations. Progress: nodes 5–60 %, relations 60–99 %.
  for (let from = 0; from < end; from += BATCH) {
    ctx.throwIfAborted();
    const to = from + BATCH;
    await ctx.commitBatch(async (tx) => {
      const [r] = await tx.query<{ unmapped: number; created: number }>(INSERT_NODES_SQL, [input.codeSystemId, from, to, input.system, input.nodeTypeId, snomed, input.userId, ctx.id]);
      await tx.query(MAP_SQL, [input.codeSystemId, from, to, input.system, input.nodeTypeId, snomed]);
      summary.nodesCreated += r.created;
      summary.nodesLinked += r.unmapped - r.created;
      return { rowsCommitted: Math.min(to, end), rowsTotal: end, data: { phase: 1, seq: to } };
    });
    ctx.progress(5 + (55 * Math.min(to, end)) / Math.max(end, 1), 'Adding concepts as nodes…', 'inserting', { done: Math.min(to, end), total: end });
  }
  for (let from = 0; from < end; from += BATCH) {
    ctx.throwIfAborted();
    const to = from + BATCH;
    await ctx.commitBatch(async (tx) => {
      summary.relationsCreated += await relationsOfWindow(tx, input, type, from, to, ctx.id);
      return { rowsCommitted: Math.min(to, end), rowsTotal: end, data: { phase: 2, seq: to } };
    });
    ctx.progress(60 + (39 * Math.min(to, end)) / Math.max(end, 1), 'Adding is-a relations…', 'inserting', { done: Math.min(to, end), total: end });
  }
  // What was neither created nor linked now had been mapped by an earlier run.
  summary.skipped = Math.max(0, total - summary.nodesCreated - summary.nodesLinked);
  const message = `Added ${summary.nodesCreated} nodes (${summary.nodesLinked} existing linked, ${summary.skipped} skipped) and ${summary.relationsCreated} relations`;
  return { message, summary, errorReportKey: null };
}
