import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { QUIET_AFTER_MS } from './turns';
import { MERGE_AT_PAGES, PendingListMerges, QUIET_MERGE_AT_PAGES, QUIET_PENDING_LIST_LIMIT } from './gin-pending';
import { openPglite } from './pglite/pglite';

/**
 * The embedded imports' pending-list merges: after a batch, each GIN index's pending
 * list is merged in a statement of its own, each after a turn for waiting requests, and only
 * when the next batch could take it past MERGE_AT_PAGES.
 */
let pg: Db;
beforeAll(async () => {
  pg = await openPglite({ dataDir: null });
  await pg.exec(`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE TABLE probe (id serial PRIMARY KEY, a text, b text);
    CREATE INDEX probe_a_trgm ON probe USING gin (a gin_trgm_ops);
    CREATE INDEX probe_b_trgm ON probe USING gin (b gin_trgm_ops);
    CREATE INDEX probe_a ON probe (a);`);
});
afterAll(async () => {
  await pg.close();
});

/** The database with every statement and every yield written to `log`, the merges with the pages they merged. */
function recorded(db: Db) {
  const log: string[] = [];
  const wrapped: Db = {
    ...db,
    async query<T>(sql: string, params: unknown[] = []) {
      const rows = await db.query<T>(sql, params);
      const merged = /gin_clean_pending_list/.test(sql) ? (rows[0] as { pages: number }).pages : null;
      log.push(merged === null ? sql.trim().split(/\s+/)[0] : `merge ${String(params[0])} (${merged} pages)`);
      return rows;
    },
  };
  const yieldToRequests = async () => {
    log.push('yield');
  };
  return { db: wrapped, log, yieldToRequests };
}

/** One import batch's worth of rows: long, varied texts in both indexed columns. */
async function batch(db: Db, n: number, seed: number) {
  await db.transaction((tx) =>
    tx.query(
      `INSERT INTO probe (a, b) SELECT 'alpha ' || md5(($1 * 100000 + i)::text), 'beta ' || md5(($1 * 100000 + i + 7)::text) FROM generate_series(1, $2) AS i`,
      [seed, n],
    ),
  );
}

const pendingPages = async (db: Db, index: string) => (await db.query<{ pages: number }>('SELECT gin_clean_pending_list($1::regclass)::int AS pages', [index]))[0].pages;

describe('GIN pending-list merges after embedded import batches', () => {
  it('merges each GIN index of the table in a statement of its own, each after a yield, after the first batch', async () => {
    const { db, log, yieldToRequests } = recorded(pg);
    const merges = new PendingListMerges(db, ['probe']);
    await batch(pg, 200, 1);
    await merges.afterBatch(yieldToRequests);
    // The index look-up first, then yield → merge, per GIN index (not the btree), in name order.
    expect(log[0]).toBe('SELECT');
    expect(log.slice(1).map((l) => l.replace(/ \(\d+ pages\)/, ''))).toEqual(['yield', 'merge probe_a_trgm', 'yield', 'merge probe_b_trgm']);
    expect(log.slice(1).every((l) => l === 'yield' || / \([1-9]\d* pages\)$/.test(l))).toBe(true);
    // Nothing left to merge.
    expect(await pendingPages(pg, 'probe_a_trgm')).toBe(0);
    expect(await pendingPages(pg, 'probe_b_trgm')).toBe(0);
  });

  it('merges a list again only when the next batch could take it past MERGE_AT_PAGES', async () => {
    const { db, log, yieldToRequests } = recorded(pg);
    const merges = new PendingListMerges(db, ['probe']);
    await batch(pg, 200, 2);
    await merges.afterBatch(yieldToRequests);
    const first = log.find((l) => l.startsWith('merge probe_a_trgm'))!;
    const perBatch = Number(/\((\d+) pages\)/.exec(first)![1]);
    expect(perBatch).toBeGreaterThan(0);
    expect(perBatch * 3).toBeLessThanOrEqual(MERGE_AT_PAGES); // so that batches go by without a merge
    // Batches until the one after which the next could pass the threshold: (k + 1) × pages > MERGE_AT_PAGES.
    const expected = Math.ceil((MERGE_AT_PAGES + 1) / perBatch) - 1;
    let batches = 0;
    const mergedAfter: number[] = [];
    for (let i = 0; i < expected; i++) {
      log.length = 0;
      await batch(pg, 200, 3 + i);
      await merges.afterBatch(yieldToRequests);
      batches++;
      if (log.some((l) => l.startsWith('merge probe_a_trgm'))) mergedAfter.push(batches);
    }
    expect(mergedAfter).toEqual([expected]);
    // Between merges the batches' entries wait in the list, unmerged and within the threshold.
    log.length = 0;
    await batch(pg, 200, 99);
    await merges.afterBatch(yieldToRequests);
    expect(log.some((l) => l.startsWith('merge probe_a_trgm'))).toBe(false);
    const waiting = await pendingPages(pg, 'probe_a_trgm');
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThanOrEqual(MERGE_AT_PAGES);
  });

  it('while nobody has asked for a second, a batch takes the larger limit and the merges wait for QUIET_MERGE_AT_PAGES', async () => {
    // Lists empty first: the merges below measure this test's batches only.
    await pendingPages(pg, 'probe_a_trgm');
    await pendingPages(pg, 'probe_b_trgm');
    const { db, log, yieldToRequests } = recorded(pg);
    let quietForMs = 0;
    const merges = new PendingListMerges(db, ['probe'], () => quietForMs);
    const limitIn = async (lastBatch: boolean) =>
      pg.transaction(async (tx) => {
        await merges.beforeBatch(tx, lastBatch);
        return (await tx.query<{ gin_pending_list_limit: string }>('SHOW gin_pending_list_limit'))[0].gin_pending_list_limit;
      });
    // A request was just seen: the 1 MB of db/pglite/pglite.ts.
    expect(await limitIn(false)).toBe('1MB');
    quietForMs = QUIET_AFTER_MS;
    expect(await limitIn(false)).toBe(QUIET_PENDING_LIST_LIMIT.pglite);
    // An import's last batch leaves lists no longer than any other write does.
    expect(await limitIn(true)).toBe('1MB');
    // SET LOCAL: the next transaction is back at the server's limit.
    expect((await pg.query<{ gin_pending_list_limit: string }>('SHOW gin_pending_list_limit'))[0].gin_pending_list_limit).toBe('1MB');
    // Within one transaction (batches written during a read), a request seen brings it back down.
    const inOne = await pg.transaction(async (tx) => {
      const show = async () => (await tx.query<{ gin_pending_list_limit: string }>('SHOW gin_pending_list_limit'))[0].gin_pending_list_limit;
      quietForMs = QUIET_AFTER_MS;
      await merges.beforeBatch(tx, false);
      const quiet = await show();
      quietForMs = 0;
      await merges.beforeBatch(tx, false);
      return [quiet, await show()];
    });
    expect(inOne).toEqual([QUIET_PENDING_LIST_LIMIT.pglite, '1MB']);
    quietForMs = QUIET_AFTER_MS;

    // Import batches of 200 rows (quiet while quietForMs says so): the first merge measures the pages
    // per batch, the next waits for the quiet threshold.
    const importBatch = async (seed: number) => {
      log.length = 0;
      await pg.transaction(async (tx) => {
        await merges.beforeBatch(tx, false);
        await tx.query(`INSERT INTO probe (a, b) SELECT 'gamma ' || md5(($1 * 100000 + i)::text), 'delta ' || md5(($1 * 100000 + i + 7)::text) FROM generate_series(1, 200) AS i`, [seed]);
      });
      await merges.afterBatch(yieldToRequests);
      return log.find((l) => l.startsWith('merge probe_a_trgm'));
    };
    const perBatch = Number(/\((\d+) pages\)/.exec((await importBatch(200))!)![1]);
    const expected = Math.ceil((QUIET_MERGE_AT_PAGES + 1) / perBatch) - 1;
    expect(expected).toBeGreaterThan(Math.ceil((MERGE_AT_PAGES + 1) / perBatch) - 1);
    const mergedAfter: number[] = [];
    for (let i = 1; i <= expected; i++) if (await importBatch(200 + i)) mergedAfter.push(i);
    expect(mergedAfter).toEqual([expected]);
    // Quiet batches that fill the list past MERGE_AT_PAGES, still short of the quiet threshold…
    const pastBusyThreshold = Math.ceil((MERGE_AT_PAGES + 1) / perBatch);
    for (let i = 1; i < pastBusyThreshold; i++) expect(await importBatch(300 + i)).toBeUndefined();
    // …then a request seen: the list is merged after the next batch.
    quietForMs = 0;
    expect(await importBatch(399)).toBeDefined();
  });

  it('sets the quiet limit on PostgreSQL too, and merges nothing there', async () => {
    const statements: string[] = [];
    const postgres = { kind: 'postgres', query: async (sql: string) => (statements.push(sql), []) } as unknown as Db;
    const merges = new PendingListMerges(postgres, ['probe'], () => QUIET_AFTER_MS);
    await merges.beforeBatch(postgres, false);
    await merges.beforeBatch(postgres, true);
    await merges.beforeBatch(postgres, true);
    await merges.afterBatch(async () => undefined);
    expect(statements).toEqual([`SET LOCAL gin_pending_list_limit = '${QUIET_PENDING_LIST_LIMIT.postgres}'`, 'SET LOCAL gin_pending_list_limit TO DEFAULT']);
  });

  it('does nothing on PostgreSQL (autovacuum merges there, and a merge holds only the importing connection)', async () => {
    const statements: string[] = [];
    const postgres = { kind: 'postgres', query: async (sql: string) => (statements.push(sql), []) } as unknown as Db;
    let yields = 0;
    await new PendingListMerges(postgres, ['probe']).afterBatch(async () => void yields++);
    expect(statements).toEqual([]);
    expect(yields).toBe(0);
  });

  it('fails the batch step when the table is unknown, and looks the indexes up again next time', async () => {
    const { db, log, yieldToRequests } = recorded(pg);
    const merges = new PendingListMerges(db, ['probe_later']);
    await expect(merges.afterBatch(yieldToRequests)).rejects.toThrow(/probe_later/);
    await pg.exec('CREATE TABLE probe_later (t text); CREATE INDEX probe_later_trgm ON probe_later USING gin (t gin_trgm_ops)');
    await pg.query(`INSERT INTO probe_later SELECT md5(i::text) FROM generate_series(1, 50) AS i`);
    log.length = 0;
    await merges.afterBatch(yieldToRequests);
    expect(log.map((l) => l.replace(/ \(\d+ pages\)/, ''))).toEqual(['SELECT', 'yield', 'merge probe_later_trgm']);
  });
});
