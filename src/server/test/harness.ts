import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { AuthResponse } from '../../contract';
import { buildApp, type BuildOptions } from '../app';
import { testConfig, type AppConfig } from '../config';
import type { Db } from '../db/db';
import { openPglite } from '../db/pglite/pglite';
import { openPostgres } from '../db/postgres';
import { withDatabase } from './global-setup';

/** The run's template (a plain tarball, 40 MB): read once per test file, not once per clone. */
let templateDump: Blob | undefined;

/** A fresh database cloned from the run's template: PGlite by default, PostgreSQL in the api-postgres project. */
export async function cloneDatabase(): Promise<Db> {
  if (process.env.KG_TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const template = inject('postgresTemplate');
    const name = `${template}_c_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const db = await openPostgres(withDatabase(base, name), 4);
    const close = db.close.bind(db);
    return Object.assign(db, {
      async close() {
        await close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    });
  }
  templateDump ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return openPglite({ dataDir: null, loadDataDir: templateDump });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** app.inject with an optional bearer token. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  register(username: string, password?: string): Promise<AuthResponse>;
  close(): Promise<void>;
}

export async function testApp(overrides: Partial<AppConfig> = {}, options: Pick<BuildOptions, 'onRoute'> = {}): Promise<TestApp> {
  return appOn(await cloneDatabase(), overrides, options);
}

/**
 * A second app on `on`'s database, for a test about settings (no single sign-on, a provider that
 * is away) rather than data: a clone of its own costs ~2 CPU seconds. Closing it leaves the
 * database open for `on`; what it writes, `on` sees.
 */
export function testAppOnSameDatabase(on: TestApp, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  return appOn({ ...on.db, close: async () => undefined }, overrides, {});
}

async function appOn(db: Db, overrides: Partial<AppConfig>, options: Pick<BuildOptions, 'onRoute'>): Promise<TestApp> {
  const app = await buildApp(testConfig(overrides), { db, ...options });
  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return {
    app,
    db,
    call,
    async register(username, password = 'secret-pw') {
      const res = await call({ method: 'POST', url: '/api/auth/register', payload: { username, email: `${username}@example.org`, password } });
      if (res.statusCode !== 201) throw new Error(`register ${username}: ${res.statusCode} ${res.body}`);
      return res.json<AuthResponse>();
    },
    close: () => app.close(),
  };
}
