/**
 * npm run bench -- backup [nodes] [relations]: backs up a 100k-node / 300k-relation graph on
 * PostgreSQL through GET /api/backup and restores the archive into a new installation through
 * POST /api/backup/restore, both against real server processes. The target:
 * the restore takes ≤ 60 s. Writes bench/results/backup.json and backup.md.
 *
 * The graph is made with SQL in the source database (synthetic names and descriptions, random
 * relations among all nodes, 10 node and 8 relation types), plus 10,000 SNOMED concepts and 50
 * attachments of 64 kB, so every part of the archive is exercised.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { ROOT, startServer, type RunningServer } from '../api/server';

const NODES = Number(process.argv[2] ?? 100_000);
const RELATIONS = Number(process.argv[3] ?? 300_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RESULTS = path.join(ROOT, 'bench/results');

const log = (msg: string) => console.log(`[backup] ${msg}`);
const withDatabase = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};
const seconds = (ms: number) => Math.round(ms / 100) / 10;
/** Peak resident memory of a process (Linux), MB. */
const peakMb = (pid: number) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
};

async function register(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench_admin', email: 'bench_admin@example.com', password: 'bench-password-1' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A multipart upload with node:http: fetch gives up on an answer that takes over 300 s. */
function upload(url: string, token: string, file: string): Promise<{ status: number; body: string }> {
  const boundary = `----kgbench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': size } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(file);
    stream.on('error', reject);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

async function fill(client: pg.Client): Promise<void> {
  await client.query(`SELECT setseed(0.42)`);
  await client.query(`INSERT INTO node_types (name) SELECT 'Type ' || i FROM generate_series(1, 10) i`);
  await client.query(`INSERT INTO relation_types (name) SELECT 'relates ' || i FROM generate_series(1, 8) i`);
  await client.query(
    `INSERT INTO nodes (name, node_type_id, snomed_code, description, note, created_by)
     SELECT 'Concept ' || i || ' ' || substr(md5(i::text), 1, 8),
            (SELECT id FROM node_types ORDER BY name OFFSET i % 10 LIMIT 1),  -- 10 types: cheap
            CASE WHEN i % 4 = 0 THEN (100000 + i)::text END,
            'Description of concept ' || i || ': ' || md5(i::text) || ' ' || md5((i * 7)::text),
            CASE WHEN i % 3 = 0 THEN 'note ' || i END,
            (SELECT id FROM users LIMIT 1)
       FROM generate_series(1, $1::int) i`,
    [NODES],
  );
  // Nodes and types numbered once, so each relation picks its ends by number (an index lookup).
  await client.query(`CREATE TEMP TABLE numbered AS SELECT row_number() OVER (ORDER BY id)::int AS i, id FROM nodes`);
  await client.query(`CREATE INDEX ON numbered (i)`);
  await client.query(`CREATE TEMP TABLE rtypes AS SELECT row_number() OVER (ORDER BY name)::int - 1 AS i, id FROM relation_types`);
  // Every node is the source of RELATIONS / NODES relations (3 at 100k / 300k); the k-th one's target is
  // an offset that differs with k (33,331 · k mod NODES − 1), so no two share their ends and type: a second
  // relation with the same source, target and type is refused (relations_same_ends).
  await client.query(
    `WITH pairs AS (SELECT g, 1 + (g - 1) % $2::int AS s, 1 + (((g - 1) / $2::int) * 33331 + ((g - 1) % $2::int) * 7) % ($2::int - 1) AS d
                      FROM generate_series(1, $1::int) g)
     INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name, weight, description)
     SELECT a.id, b.id, t.id, 'relation ' || g, 1 + g % 100, CASE WHEN g % 5 = 0 THEN 'why ' || md5(g::text) END
       FROM pairs p
       JOIN numbered a ON a.i = p.s
       JOIN numbered b ON b.i = 1 + ((p.s - 1 + p.d) % $2::int)
       JOIN rtypes t ON t.i = p.g % 8`,
    [RELATIONS, NODES],
  );
  await client.query(
    `INSERT INTO snomed_concepts (id, concept_id, term, effective_time, module_id, type_id, case_significance_id)
     SELECT (1000000 + i)::text, (2000000 + i)::text, 'Term ' || md5(i::text), '20240101', '900000000000207008', '900000000000013009', '900000000000448009'
       FROM generate_series(1, 10000) i`,
  );
  await client.query(
    `WITH made AS (SELECT gen_random_uuid()::text AS key, n.id AS node_id, row_number() OVER () AS i FROM (SELECT id FROM nodes ORDER BY id LIMIT 50) n),
          stored AS (INSERT INTO blobs (key, data) SELECT key, convert_to(repeat(md5(i::text), 2048), 'UTF8') FROM made RETURNING key)
     INSERT INTO attachments (node_id, filename, content_type, size, blob_key)
     SELECT node_id, 'file-' || i || '.txt', 'text/plain', 65536, key FROM made`,
  );
}

async function main() {
  const stamp = Date.now();
  const names = [`kg_bench_backup_src_${stamp}`, `kg_bench_backup_dst_${stamp}`];
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const servers: RunningServer[] = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-bench-backup-'));
  const archive = path.join(work, 'backup.zip');
  try {
    for (const n of names) await admin.query(`CREATE DATABASE ${n}`);
    const [srcUrl, dstUrl] = names.map((n) => withDatabase(PG_URL, n));

    const src = await startServer({ dataDir: path.join(work, 'src'), databaseUrl: srcUrl, logFile: path.join(work, 'src.log') });
    servers.push(src);
    const srcToken = await register(src.url);
    const client = new pg.Client({ connectionString: srcUrl });
    // The finally block drops the database WITH (FORCE): that ends this connection, which must not crash the run.
    client.on('error', () => undefined);
    await client.connect();
    let t = Date.now();
    await fill(client);
    await client.query('ANALYZE');
    log(`made ${NODES} nodes and ${RELATIONS} relations in ${seconds(Date.now() - t)} s`);

    t = Date.now();
    const res = await fetch(`${src.url}/api/backup`, { headers: { authorization: `Bearer ${srcToken}` } });
    if (!res.ok || !res.body) throw new Error(`backup: ${res.status} ${await res.text()}`);
    await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(archive));
    const backupMs = Date.now() - t;
    const archiveMb = Math.round((fs.statSync(archive).size / 1024 / 1024) * 10) / 10;
    const backupPeakMb = peakMb(src.pid);
    log(`backup: ${seconds(backupMs)} s, ${archiveMb} MB, server peak RSS ${backupPeakMb} MB`);
    await client.end();

    const dst = await startServer({ dataDir: path.join(work, 'dst'), databaseUrl: dstUrl, logFile: path.join(work, 'dst.log'), env: { LOG_LEVEL: 'info' } });
    servers.push(dst);
    const dstToken = await register(dst.url);
    t = Date.now();
    const restored = await upload(`${dst.url}/api/backup/restore`, dstToken, archive);
    const restoreMs = Date.now() - t;
    const body = JSON.parse(restored.body) as { counts?: Record<string, number>; error?: string };
    if (restored.status !== 200) throw new Error(`restore: ${restored.status} ${body.error}`);
    const restorePeakMb = peakMb(dst.pid);
    // The server logs how the restore's time split (validation, and writing per table).
    const split = fs.readFileSync(path.join(work, 'dst.log'), 'utf8').split('\n').find((l) => l.includes('backup restored'));
    const phases = split ? (JSON.parse(split) as { validateMs: number; writeMs: number; tableMs: Record<string, number> }) : null;
    if (phases) log(`restore split: validate ${seconds(phases.validateMs)} s, write ${seconds(phases.writeMs)} s ${JSON.stringify(phases.tableMs)}`);
    log(`restore: ${seconds(restoreMs)} s, server peak RSS ${restorePeakMb} MB, counts ${JSON.stringify(body.counts)}`);

    const result = {
      at: new Date().toISOString(),
      // Other work on the machine slows every step: the 1-minute load average when the restore ended.
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
      database: 'postgres',
      cpus: os.cpus().length,
      nodes: NODES,
      relations: RELATIONS,
      snomedConcepts: 10_000,
      attachments: 50,
      archiveMb,
      backupSeconds: seconds(backupMs),
      backupServerPeakRssMb: backupPeakMb,
      restoreSeconds: seconds(restoreMs),
      restoreServerPeakRssMb: restorePeakMb,
      restoreValidateSeconds: phases ? seconds(phases.validateMs) : null,
      restoreWriteSeconds: phases ? seconds(phases.writeMs) : null,
      restoreTableMs: phases?.tableMs ?? null,
      restoreTargetSeconds: 60,
      counts: body.counts,
    };
    fs.writeFileSync(path.join(RESULTS, 'backup.json'), JSON.stringify(result, null, 2) + '\n');
    fs.writeFileSync(
      path.join(RESULTS, 'backup.md'),
      `# Backup and restore (PostgreSQL)

\`npm run bench -- backup\` — ${result.at}, ${result.cpus} CPUs (shared machine, load average ${result.loadAverage} when the restore ended).
${NODES.toLocaleString('en')} nodes, ${RELATIONS.toLocaleString('en')} relations, 10,000 SNOMED concepts, 50 attachments of 64 kB;
server processes as in production (\`src/server/main.ts\`), archive over HTTP.

| step | time | server peak RSS | notes |
|---|---|---|---|
| GET /api/backup (download to a file) | ${result.backupSeconds} s | ${backupPeakMb} MB | archive ${archiveMb} MB |
| POST /api/backup/restore (upload, validate, one transaction) | **${result.restoreSeconds} s** | ${restorePeakMb} MB | target ≤ 60 s: ${result.restoreSeconds <= 60 ? 'met' : 'MISSED'} |

Restore split (server log): validation ${result.restoreValidateSeconds} s, writing ${result.restoreWriteSeconds} s; per table and the
index rebuild, ms: \`${JSON.stringify(result.restoreTableMs)}\`.
`,
    );
    log(`wrote bench/results/backup.json and backup.md`);
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
