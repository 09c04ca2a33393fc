/**
 * The release scenario of `npm run bench -- import` (BENCH_RELEASE_SCALE, default 1): a generated
 * International-shaped release .zip imported through the real server on each database (wall time,
 * rows/s, peak RSS), then on PostgreSQL the floor — a plain COPY of the same five files into
 * copies of the same tables with their indexes — and the hierarchy's own build timed alone, and
 * the API latencies at one connection: concept search (by=concept), a concept's detail (children,
 * parents, path), and node search filtered by "descendants of" a top-level concept.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { summarize } from '../../api/stats';
import type { RunningServer } from '../../api/server';
import type { GeneratedRelease } from './generate';

const TABLES = {
  concept: ['snomed_rf2_concepts', 'id, effective_time, active, module_id, definition_status_id'],
  description: ['snomed_concepts', 'id, effective_time, active, module_id, concept_id, language_code, type_id, term, case_significance_id'],
  relationship: ['snomed_relationships', 'id, effective_time, active, module_id, source_id, destination_id, relationship_group, type_id, characteristic_type_id, modifier_id'],
  language: ['snomed_language_refset', 'id, effective_time, active, module_id, refset_id, referenced_component_id, acceptability_id'],
  association: ['snomed_associations', 'id, effective_time, active, module_id, refset_id, referenced_component_id, target_component_id'],
} as const;

/** COPY of each file into a copy of its table with the same indexes, timed end to end (psql). */
export async function releaseCopyMs(url: string, release: GeneratedRelease): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let total = 0;
  try {
    for (const [kind, [table, columns]] of Object.entries(TABLES)) {
      await client.query(`DROP TABLE IF EXISTS bench_floor_${table}`);
      await client.query(`CREATE TABLE bench_floor_${table} (LIKE ${table} INCLUDING ALL)`);
      const file = release.files[kind as keyof typeof TABLES].path;
      const start = performance.now();
      execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `\\copy bench_floor_${table} (${columns}) FROM '${file}' WITH (FORMAT text, HEADER true)`], { stdio: ['ignore', 'ignore', 'inherit'] });
      total += performance.now() - start;
      await client.query(`DROP TABLE bench_floor_${table}`);
    }
  } finally {
    await client.end();
  }
  return total;
}

/** The closure's build alone, as the import runs it (one statement), and its size. */
export async function closureBuild(url: string): Promise<{ ms: number; pairs: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const start = performance.now();
    await client.query('DELETE FROM snomed_closure');
    const res = await client.query<{ n: number }>(
      `WITH RECURSIVE isa AS MATERIALIZED (SELECT DISTINCT source_id AS child, destination_id AS parent FROM snomed_relationships WHERE active AND type_id = '116680003'),
       up(descendant_id, ancestor_id) AS (SELECT child, parent FROM isa UNION SELECT up.descendant_id, isa.parent FROM up JOIN isa ON isa.child = up.ancestor_id),
       ins AS (INSERT INTO snomed_closure (ancestor_id, descendant_id) SELECT ancestor_id, descendant_id FROM up RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
    );
    const ms = performance.now() - start;
    await client.query('ROLLBACK');
    return { ms, pairs: res.rows[0].n };
  } finally {
    await client.end();
  }
}

/** Has PostgreSQL write every dirty page out now (the bench's connection is a superuser's). */
export async function checkpoint(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

/** Coded nodes for the descendants-of filter: `count` nodes on concepts spread over the release. */
export async function seedCodedNodes(url: string, release: GeneratedRelease, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`INSERT INTO node_types (name, color) VALUES ('Bench', '#336699') ON CONFLICT DO NOTHING`);
    const step = Math.max(1, Math.floor(release.concepts / count));
    const codes = Array.from({ length: count }, (_, k) => release.conceptId(1 + k * step)).filter((c, k, all) => all.indexOf(c) === k);
    await client.query(
      `INSERT INTO nodes (name, node_type_id, snomed_code)
       SELECT 'Bench node ' || c, (SELECT id FROM node_types WHERE name = 'Bench'), c FROM unnest($1::text[]) c`,
      [codes],
    );
    await client.query('ANALYZE nodes');
  } finally {
    await client.end();
  }
}

async function timed(server: RunningServer, token: string, urls: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const url of urls) {
    const start = performance.now();
    const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    out.push(performance.now() - start);
  }
  return out;
}

export async function apiLatencies(server: RunningServer, token: string, release: GeneratedRelease, words: string[]) {
  const search = words.map((w) => `/api/snomed/concepts?by=concept&limit=10&search=${encodeURIComponent(w)}`);
  const detail = release.parents.map((id) => `/api/snomed/concepts/${id}`);
  const under = Array.from({ length: 60 }, (_, k) => `/api/nodes?limit=25&snomedDescendantOf=${release.topLevel[k % 3]}`);
  await timed(server, token, [...search.slice(0, 10), ...detail.slice(0, 5), ...under.slice(0, 5)]); // warm-up
  return {
    conceptSearch: summarize(await timed(server, token, search.slice(10))),
    conceptDetail: summarize(await timed(server, token, detail)),
    nodesUnderTopLevel: summarize(await timed(server, token, under)),
  };
}

/** The children query of GET /snomed/concepts/{id} alone (modules/snomed/concepts.ts), at the database. */
export async function childrenLatencies(url: string, release: GeneratedRelease) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: number[] = [];
  try {
    for (const id of [...release.parents, ...release.parents]) {
      const start = performance.now();
      await client.query(
        `SELECT c.id, c."preferredTerm" FROM (
           SELECT r.source_id AS id, snomed_preferred_term(r.source_id, '900000000000509007') AS "preferredTerm"
             FROM snomed_relationships r WHERE r.destination_id = $1 AND r.active AND r.type_id = '116680003'
             GROUP BY r.source_id) c
          ORDER BY lower(c."preferredTerm"), c.id LIMIT 500`,
        [id],
      );
      out.push(performance.now() - start);
    }
  } finally {
    await client.end();
  }
  return summarize(out.slice(release.parents.length));
}

/**
 * POST /snomed/import over node:http: the answer comes when the import is over, which for a
 * release takes longer than fetch waits for response headers (5 minutes).
 */
export async function importRelease(serverUrl: string, token: string, file: string): Promise<{ message: string; summary: Record<string, number> }> {
  const boundary = `----kgbench${Date.now().toString(16)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(`${serverUrl}/api/snomed/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
      timeout: 0,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { message: string; summary: Record<string, number>; error?: string };
        if (res.statusCode !== 200) reject(new Error(`import: ${res.statusCode} ${body.error ?? body.message}`));
        else resolve(body);
      });
    });
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(file);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}
