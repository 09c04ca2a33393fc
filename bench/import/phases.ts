/**
 * Where a node upload's time goes (run by hand: `npx tsx bench/import/phases.ts [postgres|pglite] [file.xlsx]`):
 * one upload of the benchmark's 100k-row workbook (written by bench/import/files.ts, or the file given)
 * to a fresh server, printing each progress event with the seconds since the POST started, so the
 * read, the batches and the end can be told apart. A kg_probe_* database is created and dropped.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { io } from 'socket.io-client';
import { startServer } from '../api/server';
import { adminToken, post } from './drive';
import { readGps, writeNodeXlsx } from './files';
const kind = process.argv[2] ?? 'postgres';
const db = `kg_probe_${Date.now()}`;
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
let url: string | undefined;
if (kind === 'postgres') { await admin.query(`CREATE DATABASE ${db}`); url = `postgres://postgres@127.0.0.1:5432/${db}`; }
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-phases-'));
const file = process.argv[3] ?? writeNodeXlsx(work, 100_000, readGps()).path;
const server = await startServer({ dataDir: path.join(work, 'data'), databaseUrl: url, logFile: path.join(work, 'server.log'), env: { LOG_LEVEL: 'info' } });
const token = await adminToken(server.url);
const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
await new Promise<void>((r) => socket.once('connect', () => r()));
const t0 = performance.now();
const at = () => ((performance.now() - t0) / 1000).toFixed(2);
const res = await post(`${server.url}/api/nodes/upload`, token, file);
const answer = (await res.json()) as { processId: string };
console.log(at(), 'answered', res.status);
await new Promise<void>((resolve) => {
  socket.on(`upload-progress-${answer.processId}`, (e: { status: string; message: string; progress: number }) => {
    console.log(at(), e.status, Math.round(e.progress), e.message);
    if (e.status === 'completed' || e.status === 'error') resolve();
  });
  socket.emit('job.join', answer.processId);
});
socket.disconnect();
await server.stop();
if (url) await admin.query(`DROP DATABASE ${db} WITH (FORCE)`);
await admin.end();
fs.rmSync(work, { recursive: true, force: true });
process.exit(0);
