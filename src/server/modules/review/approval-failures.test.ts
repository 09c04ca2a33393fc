import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, KnowledgeNode as Node, Proposal } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Db, Queryable } from '../../db/db';
import { openPostgres } from '../../db/postgres';
import { testApp, type TestApp } from '../../test/harness';

/**
 * How an approval fails, on both databases. A database connection lost in the middle of one
 * leaves nothing of it behind: the records, the proposal (still submitted) and the audit log are as
 * before, the reviewer gets 503 with Retry-After, and the retry approves it once. Two server
 * instances on one database deciding the same proposal at once: one decision wins, the other is
 * told 409 proposal_closed, and the records change once, with one decision in the audit log.
 */
const onPostgres = process.env.KG_TEST_DB === 'postgres';
let t: TestApp;
let other: FastifyInstance;
let admin: AuthResponse;
let editor: AuthResponse;
/** A second reviewer (admin role), deciding through the other instance. */
let second: AuthResponse;

/** The statement of an approval's transaction at which the connection is lost (counted from 1), if any. */
let loseAt: { sql: RegExp; nth: number } | null = null;

/**
 * Loses the transaction's connection the way a failover does: on PostgreSQL its backend is really
 * terminated (the statement fails with 57P01 and the connection is gone); PGlite runs in the process
 * and has no connection, so the statement fails as pg's does when its socket closed.
 */
async function loseConnection(tx: Queryable): Promise<never> {
  if (onPostgres) await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
  throw new Error('Connection terminated unexpectedly');
}

function withConnectionLoss(db: Db) {
  const transaction = db.transaction.bind(db);
  db.transaction = (fn) =>
    transaction((tx) => {
      let seen = 0;
      return fn({
        exec: (sql) => tx.exec(sql),
        query: async (sql, params) => {
          if (loseAt && loseAt.sql.test(sql) && ++seen === loseAt.nth) {
            loseAt = null;
            await loseConnection(tx);
          }
          return tx.query(sql, params);
        },
      });
    });
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>, app?: FastifyInstance) => {
  const options = { method, url: `/api${url}`, payload, headers: { authorization: `Bearer ${token}` } };
  return app ? app.inject(options) : t.call(options);
};
const login = async (username: string) => (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: username, password: 'secret-pw' } })).json<AuthResponse>();
const node = async (id: string) => (await call('GET', `/nodes/${id}`, admin.accessToken)).json<Node>();
const stateOf = async (id: string) => (await call('GET', `/proposals/${id}`, admin.accessToken)).json<Proposal>().state;
/** A node as GET answers it (what the tests compare with afterwards). */
const newNode = async (name: string) => node((await call('POST', '/nodes', admin.accessToken, { name, nodeType: 'Disease', description: `${name} as it was` })).json<Node>().id);
/** The audit log's events of one record: a proposal's decisions, a node's writes. */
const eventsOf = (id: string) => t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id', [id]);
const nodesNamed = async (name: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM nodes WHERE name = $1', [name]))[0].n;

/** The editor proposes a new description for `target`. */
async function proposeUpdate(target: Node, description: string): Promise<string> {
  const res = await call('POST', '/proposals', editor.accessToken, {
    changes: [{ kind: 'node', action: 'update', targetId: target.id, baseVersion: target.version, after: { name: target.name, nodeType: 'Disease', description } }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('af_admin');
  for (const [name, role] of [
    ['af_editor', 'editor'],
    ['af_second', 'admin'],
  ]) {
    await t.register(name);
    await t.db.query('UPDATE users SET role_id = (SELECT id FROM roles WHERE name = $2) WHERE username = $1', [name, role]);
  }
  editor = await login('af_editor');
  second = await login('af_second');
  await call('POST', '/nodetypes', admin.accessToken, { name: 'Disease' });
  // The other instance: on PostgreSQL a second app with connections of its own, as behind a load
  // balancer; the embedded database exists once per process, so there the two apps share it.
  const otherDb = onPostgres ? await openPostgres(t.db.connectionString!, 4) : { ...t.db, close: async () => undefined };
  other = await buildApp(testConfig(), { db: otherDb });
  withConnectionLoss(t.db);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('the database connection lost during an approval', () => {
  for (const [where, at] of [
    // A bundle's second change: the first is written, the second's node inserted, its event not yet.
    ['while its changes are applied', { sql: /INSERT INTO audit_log/, nth: 2 }],
    // Every change applied and audited; the proposal's own state is what is left.
    ['when the proposal is marked approved', { sql: /UPDATE proposals SET state/, nth: 1 }],
  ] as const) {
    it(`${where}: nothing is applied, the proposal stays submitted, 503 with Retry-After; the retry approves it once`, async () => {
      const target = await newNode(`Asthma ${where}`);
      const added = `Exercise-induced asthma ${where}`;
      const res = await call('POST', '/proposals', editor.accessToken, {
        changes: [
          { kind: 'node', action: 'update', targetId: target.id, baseVersion: target.version, after: { name: target.name, nodeType: 'Disease', description: 'proposed' } },
          { kind: 'node', action: 'create', after: { name: added, nodeType: 'Disease' } },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ id: string }>().id;
      const eventsBefore = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0].n;

      loseAt = at;
      const lost = await call('POST', `/proposals/${id}/approve`, admin.accessToken, {});
      expect(loseAt, 'the connection was lost in the approval').toBeNull();
      expect(lost.statusCode, lost.body).toBe(503);
      expect(lost.headers['retry-after']).toBe('5');
      expect(lost.json()).toMatchObject({ code: 'database_unavailable' });

      expect(await node(target.id)).toEqual(target);
      expect(await nodesNamed(added)).toBe(0);
      expect(await stateOf(id)).toBe('submitted');
      expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0].n).toBe(eventsBefore);

      const retry = await call('POST', `/proposals/${id}/approve`, admin.accessToken, {});
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json<Proposal>()).toMatchObject({ state: 'approved', reviewer: { name: 'af_admin' } });
      const now = await node(target.id);
      expect(now).toMatchObject({ description: 'proposed', version: target.version! + 1 });
      expect(await nodesNamed(added)).toBe(1);
      expect((await eventsOf(id)).map((e) => e.action)).toEqual(['propose', 'approve']);
      expect((await eventsOf(target.id)).map((e) => e.action)).toEqual(['create', 'update']);
      // Once is once: a second retry is told the proposal is decided.
      const again = await call('POST', `/proposals/${id}/approve`, admin.accessToken, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'proposal_closed' });
    });
  }
});

describe('two server instances on one database decide the same proposal at once', () => {
  /**
   * Sends both decisions so that they meet: on PostgreSQL the proposal's row is held locked until
   * both wait for it, then let go; PGlite has one connection, so there they run one after the other
   * in whichever order they arrive.
   */
  async function race(id: string, a: () => PromiseLike<LightMyRequestResponse>, b: () => PromiseLike<LightMyRequestResponse>) {
    if (!onPostgres) return Promise.all([a(), b()]);
    const holder = new pg.Client({ connectionString: t.db.connectionString });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM proposals WHERE id = $1 FOR UPDATE', [id]);
      const both = Promise.all([a(), b()]);
      for (let waited = 0; ; waited += 50) {
        const [{ n }] = (await holder.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows;
        if (n >= 2) break;
        if (waited > 10_000) throw new Error(`only ${n} decisions wait for the proposal's lock`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await holder.query('COMMIT');
      return await both;
    } finally {
      await holder.end();
    }
  }

  it('two approvals: one succeeds, the other is told 409; the node changed once, one approval in the audit log', async () => {
    const target = await newNode('Rhinitis');
    const id = await proposeUpdate(target, 'approved once');
    const answers = await race(
      id,
      () => call('POST', `/proposals/${id}/approve`, admin.accessToken, {}),
      () => call('POST', `/proposals/${id}/approve`, second.accessToken, {}, other),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'proposal_closed' });
    expect(await node(target.id)).toMatchObject({ description: 'approved once', version: target.version! + 1 });
    expect((await eventsOf(target.id)).map((e) => e.action)).toEqual(['create', 'update']);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['propose', 'approve']);
    expect(await stateOf(id)).toBe('approved');
  });

  it('an approval and a rejection: one decides, the other is told 409, and the outcome is the winner’s', async () => {
    const target = await newNode('Eczema');
    const id = await proposeUpdate(target, 'approved, unless rejected');
    const [approval, rejection] = await race(
      id,
      () => call('POST', `/proposals/${id}/approve`, admin.accessToken, {}),
      () => call('POST', `/proposals/${id}/reject`, second.accessToken, { reason: 'Not in the guideline' }, other),
    );
    expect([approval.statusCode, rejection.statusCode].sort()).toEqual([200, 409]);
    const approved = approval.statusCode === 200;
    expect((approved ? rejection : approval).json()).toMatchObject({ code: 'proposal_closed' });
    expect(await stateOf(id)).toBe(approved ? 'approved' : 'rejected');
    if (approved) expect(await node(target.id)).toMatchObject({ description: 'approved, unless rejected', version: target.version! + 1 });
    else expect(await node(target.id)).toEqual(target);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['propose', approved ? 'approve' : 'reject']);
  });
});
