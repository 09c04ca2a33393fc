/**
 * A throwaway PostgreSQL database with the app's schema, for the hand-run probes
 * (index-cost.ts, insert-cost.ts): created under BENCH_PG_URL, migrated by starting the real
 * server once, and dropped with its temp dir after `work`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../../api/server';

export async function withProbeDatabase(work: (url: string, dir: string) => Promise<void>): Promise<void> {
  const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = `kg_probe_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  const parsed = new URL(base);
  parsed.pathname = `/${db}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
  try {
    const server = await startServer({ dataDir: dir, databaseUrl: parsed.toString(), logFile: path.join(dir, 'log') });
    await server.stop();
    await work(parsed.toString(), dir);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
