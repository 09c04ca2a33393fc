import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, KnowledgeNode, QualityFindings } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { nextTurn } from '../../db/turns';
import { testApp, type TestApp } from '../../test/harness';
import { importRunning, refreshLikelyDuplicates, restartDuplicateRefresh } from './duplicates';

/**
 * The likely-duplicates finding refreshed incrementally: only the nodes written
 * since the last pass are probed, in batches that let requests through, and what the list filter
 * shows is what the Analytics page counts.
 */
let t: TestApp;
let admin: AuthResponse;
const ids: Record<string, string> = {};

const nodeBody = (name: string) => ({ name, nodeType: 'Disease' });
async function create(name: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: nodeBody(name) });
  expect(res.statusCode, res.body).toBe(201);
  return (ids[name] = res.json<{ id: string }>().id);
}
async function rename(from: string, to: string): Promise<void> {
  const res = await t.call({ method: 'PUT', url: `/api/nodes/${ids[from]}`, token: admin.accessToken, payload: nodeBody(to) });
  expect(res.statusCode, res.body).toBe(200);
  ids[to] = ids[from];
  delete ids[from];
}
async function remove(name: string): Promise<void> {
  expect((await t.call({ method: 'DELETE', url: `/api/nodes/${ids[name]}`, token: admin.accessToken })).statusCode).toBe(204);
  delete ids[name];
}

/** The likelyDuplicate=true list (names) after checking that the Analytics page counts as many. */
async function likelyDuplicates(): Promise<string[]> {
  const list = await t.call({ method: 'GET', url: '/api/nodes?likelyDuplicate=true&sortBy=name&sortOrder=asc&limit=100', token: admin.accessToken });
  expect(list.statusCode, list.body).toBe(200);
  const names = list.json<{ data: KnowledgeNode[] }>().data.map((n) => n.name);
  const quality = (await t.call({ method: 'GET', url: '/api/analytics/quality', token: admin.accessToken })).json<QualityFindings>();
  expect(quality.data.find((f) => f.key === 'likelyDuplicates')?.count).toBe(names.length);
  const others = await t.call({ method: 'GET', url: '/api/nodes?likelyDuplicate=false&limit=1', token: admin.accessToken });
  const all = await t.call({ method: 'GET', url: '/api/nodes?limit=1', token: admin.accessToken });
  expect(others.json<{ pagination: { total: number } }>().pagination.total + names.length).toBe(all.json<{ pagination: { total: number } }>().pagination.total);
  return names;
}

const refresh = async () => {
  const result = await refreshLikelyDuplicates(t.db);
  expect(result?.complete).toBe(true);
  return result!;
};

/** Nodes with names that share no trigram pattern worth a match (hex digests), written by SQL in one go. */
async function bulkNodes(prefix: string, count: number): Promise<void> {
  await t.db.query(
    `INSERT INTO nodes (name, node_type_id)
     SELECT $1 || md5($1 || i::text), (SELECT id FROM node_types WHERE name = 'Disease') FROM generate_series(1, $2::int) i`,
    [prefix, count],
  );
}
const removeBulk = (prefix: string) => t.db.query(`DELETE FROM nodes WHERE name LIKE $1 || '%'`, [prefix]);

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
});
afterAll(() => t?.close());

describe('refreshLikelyDuplicates', () => {
  it('probes every node at the first refresh, then only the nodes written since', async () => {
    await create('Chronic kidney disease');
    await create('kidney disease stage 3'); // 0.48-similar to the first: not a duplicate
    await create('Pneumothorax');
    const first = await refresh();
    expect(first.probed).toBe(3);
    expect(await likelyDuplicates()).toEqual([]);
    expect((await refresh()).probed).toBe(0);

    // A name similar to both older ones marks both, though it is the most similar node of only one.
    await create('Chronic kidney disease stage 3');
    expect(await likelyDuplicates()).toEqual([]); // until the next refresh
    expect((await refresh()).probed).toBe(1);
    expect(await likelyDuplicates()).toEqual(['Chronic kidney disease', 'Chronic kidney disease stage 3', 'kidney disease stage 3']);

    // An edit of an unrelated node: that node alone.
    await rename('Pneumothorax', 'Tension pneumothorax');
    expect((await refresh()).probed).toBe(1);
    expect(await likelyDuplicates()).toHaveLength(3);

    // A full pass over an empty table (the first refresh of a database) skips the nodes whose row it
    // found from the other end, in an earlier batch: the newest name was found by both older ones.
    await t.db.query('DELETE FROM node_likely_duplicates');
    await restartDuplicateRefresh(t.db);
    expect(await likelyDuplicates()).toEqual([]);
    expect(await refreshLikelyDuplicates(t.db, { batchSize: 1 })).toEqual({ probed: 3, batches: 3, complete: true });
    expect(await likelyDuplicates()).toEqual(['Chronic kidney disease', 'Chronic kidney disease stage 3', 'kidney disease stage 3']);
    expect((await refresh()).probed).toBe(0);
  });

  it('renaming a node away removes its row and the rows that named it', async () => {
    // A rename that still matches: the rows naming it stand (their similarity updated), only it is probed.
    await rename('Chronic kidney disease stage 3', 'Chronic kidney disease stage 3a');
    expect((await refresh()).probed).toBe(1);
    const similarities = await t.db.query<{ s: number }>('SELECT similarity AS s FROM node_likely_duplicates WHERE similar_to = $1 ORDER BY 1', [
      ids['Chronic kidney disease stage 3a'],
    ]);
    expect(similarities.map((r) => r.s.toFixed(3))).toEqual(['0.667', '0.719']);
    expect(await likelyDuplicates()).toEqual(['Chronic kidney disease', 'Chronic kidney disease stage 3a', 'kidney disease stage 3']);

    await rename('Chronic kidney disease stage 3a', 'Appendicitis');
    const result = await refresh();
    // The renamed node and the two whose row named it.
    expect(result.probed).toBe(3);
    expect(await likelyDuplicates()).toEqual([]);
  });

  it('probes again a node whose duplicate was deleted, so that its other duplicates still count', async () => {
    await create('Myocardial infarction');
    await create('Myocardial infarctions'); // the most similar to the first (0.875)
    await create('Acute myocardial infarction'); // 0.79 to the first, 0.70 to the second
    await refresh();
    expect(await likelyDuplicates()).toEqual(['Acute myocardial infarction', 'Myocardial infarction', 'Myocardial infarctions']);
    const [row] = await t.db.query<{ similar_to: string }>('SELECT similar_to FROM node_likely_duplicates WHERE node_id = $1', [ids['Myocardial infarction']]);
    expect(row.similar_to).toBe(ids['Myocardial infarctions']);

    await remove('Myocardial infarctions');
    // The row that named it waits for the next refresh, and neither the count nor the list shows it meanwhile.
    expect(await likelyDuplicates()).toEqual(['Acute myocardial infarction']);
    const result = await refresh();
    expect(result.probed).toBe(1);
    expect(await likelyDuplicates()).toEqual(['Acute myocardial infarction', 'Myocardial infarction']);

    await remove('Acute myocardial infarction');
    expect((await refresh()).probed).toBe(1);
    expect(await likelyDuplicates()).toEqual([]);
    await remove('Myocardial infarction');
  });

  it('lets requests through between batches: they are answered before the refresh ends', async () => {
    await bulkNodes('interleave ', 60);
    try {
      // Real HTTP: a request is only read from its socket when the event loop gets a turn (inject would
      // pass between two promises of the embedded database and prove nothing).
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      let batches = 0;
      const running = refreshLikelyDuplicates(t.db, { batchSize: 1, onBatch: () => batches++ });
      const answered = (url: string, headers: Record<string, string> = {}) =>
        fetch(`${base}${url}`, { headers }).then(async (res) => ({ status: res.status, body: await res.text(), batches }));
      const health = answered('/api/health');
      const search = answered('/api/nodes?search=interleave&limit=5', { authorization: `Bearer ${admin.accessToken}` });
      const result = (await running)!;
      expect(result).toMatchObject({ probed: 60, batches: 60, complete: true });
      for (const res of [await health, await search]) {
        expect(res.status, res.body).toBe(200);
        // Answered while batches were still to come (on the embedded database, one statement at a time).
        expect(res.batches).toBeLessThan(result.batches);
      }
    } finally {
      await removeBulk('interleave ');
    }
  });

  it('stops between batches when asked (or when asking fails) and goes on from there at the next refresh', async () => {
    await bulkNodes('paused ', 30);
    const job = await t.db.query<{ id: string }>(
      `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by, run_token)
       VALUES ('nodes', 'inserting', 40, 'Inserting', 'nodes.csv', $1, gen_random_uuid()) RETURNING id`,
      [admin.user.id],
    );
    try {
      // A running import (fresh heartbeat) pauses the refresh after its batch.
      expect(await importRunning(t.db, 15)).toBe(true);
      const paused = await refreshLikelyDuplicates(t.db, { batchSize: 10, pause: () => importRunning(t.db, 15) });
      expect(paused).toEqual({ probed: 10, batches: 1, complete: false });

      // A fault between batches: the batches done stay done.
      const failing = refreshLikelyDuplicates(t.db, {
        batchSize: 10,
        pause: async () => {
          throw new Error('lost the database');
        },
      });
      await expect(failing).rejects.toThrow('lost the database');

      // A job without a heartbeat for longer than the stale time, or interrupted, no longer counts.
      await t.db.query(`UPDATE import_jobs SET updated_at = now() - interval '1 minute' WHERE id = $1`, [job[0].id]);
      expect(await importRunning(t.db, 15)).toBe(false);
      await t.db.query(`UPDATE import_jobs SET updated_at = now(), interrupted = true WHERE id = $1`, [job[0].id]);
      expect(await importRunning(t.db, 15)).toBe(false);

      const rest = await refreshLikelyDuplicates(t.db, { batchSize: 10 });
      expect(rest).toEqual({ probed: 10, batches: 1, complete: true });
    } finally {
      await t.db.query('DELETE FROM import_jobs WHERE id = $1', [job[0].id]);
      await removeBulk('paused ');
    }
  });

  it('a server that closes stops its refresh between two batches; the next refresh goes on from there', async () => {
    await refresh();
    await bulkNodes('closing ', 400);
    try {
      // A second server on the same database whose first refresh starts at once.
      const other = await buildApp(testConfig({ duplicatesFirstRefreshSeconds: 0 }), { db: { ...t.db, close: async () => undefined } });
      const cursor = async () =>
        (await t.db.query<{ at: string | null }>('SELECT cursor_at::text AS at FROM node_duplicate_refresh'))[0].at;
      while ((await cursor()) === null) await nextTurn();
      await other.close();
      const [state] = await t.db.query<{ running: boolean }>('SELECT pass_before IS NOT NULL AS running FROM node_duplicate_refresh');
      expect(state.running).toBe(true);
      // It goes on from where the closed one stopped: never the 400 again. On a quick machine the closed
      // server may have probed every node and stopped just before it would have marked the pass done;
      // the next refresh then only ends the pass (0 probed).
      const rest = await refresh();
      expect(rest.probed).toBeGreaterThanOrEqual(0);
      expect(rest.probed).toBeLessThan(400);
      expect(await likelyDuplicates()).toEqual([]);
    } finally {
      await removeBulk('closing ');
    }
  });

  it.runIf(process.env.KG_TEST_DB === 'postgres')('two instances refreshing at once share one pass: no node is probed twice, none is missed', async () => {
    await refresh();
    await bulkNodes('shared ', 60);
    await create('Iron deficiency anaemia');
    await create('Iron deficiency anemia');
    try {
      // Two refreshes on two connections, as two servers' timers would start them. Each batch takes the
      // lock and moves the cursor kept in the database: the one that finds the lock taken stops there.
      const both = await Promise.all([refreshLikelyDuplicates(t.db, { batchSize: 4 }), refreshLikelyDuplicates(t.db, { batchSize: 4 })]);
      const rest = await refresh();
      const probed = both.reduce((sum, r) => sum + (r?.probed ?? 0), 0) + rest.probed;
      expect(probed).toBe(62);
      expect(await likelyDuplicates()).toEqual(['Iron deficiency anaemia', 'Iron deficiency anemia']);
    } finally {
      await removeBulk('shared ');
      await remove('Iron deficiency anaemia');
      await remove('Iron deficiency anemia');
      await refresh();
    }
  });
});
