/**
 * The large benchmark graph (default 1,000,000 nodes / 3,000,000 relations), generated inside
 * PostgreSQL with generate_series: building it in Node and sending it row by row (or through the
 * API) would take tens of minutes; this takes a few.
 *
 * Same shape as the in-memory graph of dataset.ts: 10 node types of N nodes named after real
 * Hetionet names (a name used again gets " (k)"), and per type M relations among that type's own
 * nodes with one end skewed towards hubs (index = N·u²). Every random number is a hash of the row's
 * number and the seed (md5), so the data is the same on every run, whatever plan PostgreSQL picks.
 *
 * Loading: the secondary indexes of nodes and relations are dropped and rebuilt afterwards (one
 * sort per index instead of a million index insertions); triggers are off for the load
 * (session_replication_role = replica, superuser only) because the rows are consistent by
 * construction: every node's stored degree (node_degrees) is computed from the relations, and both
 * ends of every relation exist.
 */
import pg from 'pg';
import { migrate } from '../../src/server/db/migrate';
import { openPostgres } from '../../src/server/db/postgres';
import { seedSystemRoles } from '../../src/server/seed/roles';
import { readHetionetNodes, readHetionetVerbs, searchTerms, type GraphSize } from './dataset';

const MERGED_KINDS: Record<string, string> = { 'Pharmacologic Class': 'Compound' };
/** Candidate pairs drawn beyond M, so that M distinct pairs remain after removing repeats. */
const SPARE = 1.05;

export interface SqlDataset {
  nodeTypes: string[];
  relationTypes: string[];
  nodes: number;
  relations: number;
  /** Names that are a reused name with a " (k)" suffix. */
  suffixedNames: number;
  /** Names taken from another Hetionet kind. */
  borrowedNames: number;
  terms: string[];
  ids: string[];
}

/** A version-4-shaped UUID from md5 of the text (the API validates ids as v4 UUIDs). */
const v4 = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid`;
/** A number in [0, 1) from md5 of the text (the first 32 bits). */
const unit = (text: string) => `(('x' || substr(md5(${text}), 1, 8))::bit(32)::bigint / 4294967296.0)`;

export async function loadGraphSql(
  url: string,
  size: GraphSize,
  counts: { terms: number; ids: number },
  log: (msg: string) => void,
): Promise<SqlDataset> {
  // The server's own migrations and roles first, through its own Db (same as generate.ts).
  const db = await openPostgres(url, 1);
  let existing: number;
  try {
    await migrate(db);
    await seedSystemRoles(db);
    existing = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM nodes'))[0].n;
  } finally {
    await db.close();
  }

  const hetionet = readHetionetNodes();
  const nodeTypes = [...new Set(hetionet.map((n) => MERGED_KINDS[n.kind] ?? n.kind))].sort();
  const relationTypes = readHetionetVerbs()
    .slice(0, 5)
    .map((v) => v.verb);
  // One list of distinct names (case-insensitively); each type lists its own kind's names first.
  const seen = new Set<string>();
  const unique = hetionet.filter((n) => {
    const key = n.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const L = unique.length;
  const base = { type: [] as number[], pos: [] as number[], name: [] as string[], ext: [] as string[] };
  let borrowedNames = 0;
  nodeTypes.forEach((type, t) => {
    const own = unique.filter((n) => (MERGED_KINDS[n.kind] ?? n.kind) === type);
    const other = unique.filter((n) => (MERGED_KINDS[n.kind] ?? n.kind) !== type);
    borrowedNames += Math.max(0, Math.min(size.nodesPerType, L) - own.length);
    [...own, ...other].forEach((n, pos) => {
      base.type.push(t);
      base.pos.push(pos);
      base.name.push(n.name);
      base.ext.push(n.id.split('::')[1] ?? n.id);
    });
  });
  const N = size.nodesPerType;
  const M = size.relationsPerType;
  const S = size.seed;

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  const timed = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const r = await q(sql, params);
    log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return r;
  };
  try {
    if (existing > 0) {
      // A copy of a database this generator loaded before (BENCH_PG_TEMPLATE): only the samples.
      if (existing !== N * nodeTypes.length) throw new Error(`The template has ${existing} nodes, expected ${N * nodeTypes.length}`);
      log(`reusing ${existing} nodes of the template (migrated to this version)`);
      await q('ANALYZE');
      return await summary();
    }
    await q(`SET maintenance_work_mem = '512MB'`);
    await q(`SET work_mem = '256MB'`);
    // Types with their triggers (a node type gets its colour from one).
    for (const name of nodeTypes) await q('INSERT INTO node_types (name) VALUES ($1)', [name]);
    for (const name of relationTypes) await q('INSERT INTO relation_types (name) VALUES ($1)', [name]);
    await q(`SET session_replication_role = replica`);
    await q(`CREATE TEMP TABLE bench_types AS SELECT t - 1 AS t, name, (SELECT id FROM node_types WHERE name = x.name) AS id FROM unnest($1::text[]) WITH ORDINALITY AS x(name, t)`, [nodeTypes]);
    await q(`CREATE TEMP TABLE bench_rtypes AS SELECT r - 1 AS r, name, (SELECT id FROM relation_types WHERE name = x.name) AS id FROM unnest($1::text[]) WITH ORDINALITY AS x(name, r)`, [relationTypes]);
    await q(`CREATE TEMP TABLE bench_base AS SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[]) AS b(t, pos, name, ext)`, [base.type, base.pos, base.name, base.ext]);
    await q(`CREATE INDEX ON bench_base (t, pos)`);

    // Secondary indexes: remember, drop, rebuild after the load.
    const indexes = await q(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
        WHERE c.relname IN ('nodes', 'relations') AND NOT i.indisprimary
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    );
    for (const ix of indexes.rows as { name: string }[]) await q(`DROP INDEX ${ix.name}`);

    // The relations first (as node numbers), so each node's degree is known.
    const nodeId = (t: string, i: string) => v4(`'${S}:n:' || ${t} || ':' || ${i}`);
    await timed(
      'relation pairs',
      `CREATE TEMP TABLE bench_pairs AS
       SELECT t, k, CASE WHEN swap THEN o ELSE h END AS s, CASE WHEN swap THEN h ELSE o END AS d
         FROM (SELECT t, k, h, ((h + 1 + floor(${unit(`'${S}:v:' || t || ':' || k`)} * ($1::int - 1))::int) % $1::int) AS o,
                      ${unit(`'${S}:s:' || t || ':' || k`)} < 0.5 AS swap
                 FROM (SELECT bt.t, k, floor($1::int * ${unit(`'${S}:u:' || bt.t || ':' || k`)} ^ 2)::int AS h
                         FROM bench_types bt, generate_series(0, $2::int - 1) k) x) y`,
      [N, Math.ceil(M * SPARE)],
    );
    await timed(
      'distinct pairs',
      `CREATE TEMP TABLE bench_rel AS
       SELECT t, k, s, d FROM (
         SELECT *, row_number() OVER (PARTITION BY t ORDER BY k) AS rn
           FROM (SELECT DISTINCT ON (t, s, d) t, k, s, d FROM bench_pairs ORDER BY t, s, d, k) u) v
        WHERE rn <= $1::int`,
      [M],
    );
    await q('DROP TABLE bench_pairs');
    const perType = await q(`SELECT t, count(*)::int AS n FROM bench_rel GROUP BY t HAVING count(*) <> $1::int`, [M]);
    if (perType.rows.length) throw new Error(`Too few distinct pairs: ${JSON.stringify(perType.rows)}`);
    await timed(
      'degrees',
      `CREATE TEMP TABLE bench_degree AS
       SELECT t, i, count(*)::int AS degree FROM (SELECT t, s AS i FROM bench_rel UNION ALL SELECT t, d FROM bench_rel) e GROUP BY t, i`,
    );
    await q('ANALYZE bench_base; ANALYZE bench_degree; ANALYZE bench_rel');

    const created = (t: string, i: string, kind: string) =>
      `(timestamptz '2023-01-01T00:00:00Z' + ${unit(`'${S}:${kind}:' || ${t} || ':' || ${i}`)} * interval '730 days')`;
    for (let t = 0; t < nodeTypes.length; t++) {
      await timed(
        `nodes of ${nodeTypes[t]}`,
        `INSERT INTO nodes (id, name, node_type_id, description, created_at, updated_at)
         SELECT ${nodeId('g.t', 'g.i')},
                b.name || CASE WHEN g.i >= $3::int THEN ' (' || (g.i / $3::int + 1) || ')' ELSE '' END,
                bt.id, b.ext, ${created('g.t', 'g.i', 'c')}, ${created('g.t', 'g.i', 'c')}
           FROM (SELECT $1::int AS t, i FROM generate_series(0, $2::int - 1) i) g
           JOIN bench_types bt ON bt.t = g.t
           JOIN bench_base b ON b.t = g.t AND b.pos = g.i % $3::int`,
        [t, N, L],
      );
    }
    await timed(
      'relations',
      `INSERT INTO relations (id, source_node_id, target_node_id, relation_type_id, relation_name, weight, created_at, updated_at)
       SELECT ${v4(`'${S}:r:' || r.t || ':' || r.k`)}, ${nodeId('r.t', 'r.s')}, ${nodeId('r.t', 'r.d')}, rt.id, rt.name,
              1 + floor(${unit(`'${S}:w:' || r.t || ':' || r.k`)} * 100)::int,
              ${created('r.t', 'r.k', 'rc')}, ${created('r.t', 'r.k', 'rc')}
         FROM (SELECT t, k, s, d, floor(${unit(`'${S}:y:' || t || ':' || k`)} * $1::int)::int AS r FROM bench_rel) r
         JOIN bench_rtypes rt ON rt.r = r.r`,
      [relationTypes.length],
    );
    // The degree triggers are off with the others: each node's row of node_degrees (migration 0025) from the
    // count, with its node's type (migration 0028: its fill trigger is off too).
    await timed(
      'node degrees',
      `INSERT INTO node_degrees (node_id, degree, node_type_id)
       SELECT ${nodeId('dg.t', 'dg.i')}, dg.degree, bt.id FROM bench_degree dg JOIN bench_types bt ON bt.t = dg.t`,
    );
    await q(`SET session_replication_role = origin`);
    for (const ix of indexes.rows as { name: string; def: string }[]) await timed(`index ${ix.name}`, ix.def);
    await timed('VACUUM ANALYZE', 'VACUUM ANALYZE');
    return await summary();
  } finally {
    await client.end();
  }

  async function summary(): Promise<SqlDataset> {
    const [{ nodes }] = (await q('SELECT count(*)::int AS nodes FROM nodes')).rows;
    const [{ relations }] = (await q('SELECT count(*)::int AS relations FROM relations')).rows;
    const [{ suffixed }] = (await q(`SELECT count(*)::int AS suffixed FROM nodes WHERE name ~ ' \\(\\d+\\)$'`)).rows;
    // Samples by a hash of the id: deterministic, spread over all types.
    const ids = (await q(`SELECT id FROM nodes ORDER BY md5('${S}:pick:' || id) LIMIT $1`, [counts.ids])).rows.map((r) => r.id as string);
    const names = (await q(`SELECT name FROM nodes ORDER BY md5('${S}:name:' || id) LIMIT 20000`)).rows.map((r) => ({ name: r.name as string }));
    const terms = searchTerms({ nodes: names }, counts.terms, S + 1);
    return { nodeTypes, relationTypes, nodes, relations, suffixedNames: suffixed, borrowedNames, terms, ids };
  }
}
