import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db';
import { MIGRATION_LOCK_KEY } from '../platform/locks';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export function migrationFiles(): { version: string; sql: string }[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8') }));
}

/** Applies the numbered SQL migrations not yet recorded, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    for (const m of migrationFiles()) {
      if (done.has(m.version)) continue;
      // Multi-statement SQL without parameters: both engines run it as one simple query.
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    }
  });
  return applied;
}
