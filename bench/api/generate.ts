/**
 * Loads the benchmark graph straight into the database the server will use: the server's own
 * migrations and system roles first, then the rows in large batches (unnest of arrays), then
 * VACUUM ANALYZE so the planner has statistics and the visibility map is set, as it would be
 * on a settled installation (autovacuum would otherwise kick in during the first scenario).
 */
import type { Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { seedSystemRoles } from '../../src/server/seed/roles';
import type { BenchGraph } from './dataset';

const NODE_BATCH = 10_000;
const RELATION_BATCH = 20_000;

export async function loadGraph(db: Db, graph: BenchGraph, log: (msg: string) => void): Promise<void> {
  await migrate(db);
  await seedSystemRoles(db);
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM nodes');
  if (n !== 0) throw new Error(`The benchmark database is not empty (${n} nodes)`);

  await db.transaction(async (tx) => {
    const nodeTypeIds = new Map<string, string>();
    for (const name of graph.nodeTypes) {
      const [row] = await tx.query<{ id: string }>('INSERT INTO node_types (name) VALUES ($1) RETURNING id', [name]);
      nodeTypeIds.set(name, row.id);
    }
    const relationTypeIds = new Map<string, string>();
    for (const name of graph.relationTypes) {
      const [row] = await tx.query<{ id: string }>('INSERT INTO relation_types (name) VALUES ($1) RETURNING id', [name]);
      relationTypeIds.set(name, row.id);
    }

    for (let i = 0; i < graph.nodes.length; i += NODE_BATCH) {
      const batch = graph.nodes.slice(i, i + NODE_BATCH);
      await tx.query(
        `INSERT INTO nodes (id, name, node_type_id, description, created_at, updated_at)
         SELECT id, name, type_id, description, created_at, created_at
           FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::timestamptz[])
             AS t(id, name, type_id, description, created_at)`,
        [
          batch.map((x) => x.id),
          batch.map((x) => x.name),
          batch.map((x) => nodeTypeIds.get(x.type)!),
          batch.map((x) => x.description),
          batch.map((x) => x.createdAt),
        ],
      );
      log(`nodes ${Math.min(i + NODE_BATCH, graph.nodes.length)}/${graph.nodes.length}`);
    }

    for (let i = 0; i < graph.relations.length; i += RELATION_BATCH) {
      const batch = graph.relations.slice(i, i + RELATION_BATCH);
      await tx.query(
        `INSERT INTO relations (id, source_node_id, target_node_id, relation_type_id, relation_name, weight, created_at, updated_at)
         SELECT id, source, target, type_id, name, weight, created_at, created_at
           FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::int[], $7::timestamptz[])
             AS t(id, source, target, type_id, name, weight, created_at)`,
        [
          batch.map((x) => x.id),
          batch.map((x) => x.source),
          batch.map((x) => x.target),
          batch.map((x) => relationTypeIds.get(x.type)!),
          batch.map((x) => x.type),
          batch.map((x) => x.weight),
          batch.map((x) => x.createdAt),
        ],
      );
      log(`relations ${Math.min(i + RELATION_BATCH, graph.relations.length)}/${graph.relations.length}`);
    }
  });
  await db.exec('VACUUM ANALYZE');
  log('VACUUM ANALYZE done');
}
