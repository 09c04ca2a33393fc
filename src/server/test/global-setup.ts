import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite/pglite';
import { openPostgres } from '../db/postgres';
import { seedSystemRoles } from '../seed/roles';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** postgres://host/db → same server, other database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

interface Template {
  /** The PostgreSQL database's name, or the PGlite tarball's path. */
  value: string;
  drop(): Promise<void>;
}

/** Builds the template of one kind of database: migrated and seeded once. */
async function buildTemplate(kind: 'pglite' | 'postgres'): Promise<Template> {
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `kg_tmpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const db = await openPostgres(withDatabase(base, name), 2);
    await migrate(db);
    await seedSystemRoles(db);
    await db.close();
    return {
      value: name,
      async drop() {
        const clones = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}_c_%`]);
        for (const { datname } of clones.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const db = await openPglite({ dataDir: null });
  await migrate(db);
  await seedSystemRoles(db);
  const dump = await db.dump();
  await db.close();
  // Stored unzipped: every clone then skips the gunzip, ~0.25 of its ~2 CPU seconds (PGlite
  // reads a plain tarball as well as a gzipped one).
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kg-tmpl-')), 'template.tar');
  fs.writeFileSync(file, gunzipSync(Buffer.from(await dump.arrayBuffer())));
  return { value: file, drop: async () => fs.rmSync(path.dirname(file), { recursive: true, force: true }) };
}

/**
 * Each database has two projects (shared modules, and *.isolated.test.ts: vitest.config.ts); both
 * clone the same template, built by whichever starts first and dropped when the last one ends. Kept
 * on globalThis: every project's global setup runs in vitest's main process, but may load this
 * module on its own.
 */
type Shared = Map<string, { template: Promise<Template>; users: number }>;
const templates: Shared = ((globalThis as { kgTestTemplates?: Shared }).kgTestTemplates ??= new Map());

/**
 * Builds one migrated, seeded template database per run and kind of database; each test file
 * clones it (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE on PostgreSQL) instead of
 * migrating anew.
 */
export default async function setup(project: TestProject) {
  // Project env is not applied to this (main) process: tell the projects apart by name.
  const kind = project.name.startsWith('api-postgres') ? 'postgres' : 'pglite';
  let entry = templates.get(kind);
  if (!entry) templates.set(kind, (entry = { template: buildTemplate(kind), users: 0 }));
  entry.users += 1;
  const template = await entry.template;
  project.provide(kind === 'postgres' ? 'postgresTemplate' : 'pgliteTemplate', template.value);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    templates.delete(kind);
    await template.drop();
  };
}
