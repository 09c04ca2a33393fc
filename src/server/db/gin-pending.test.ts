import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { MERGE_AT_PAGES, PendingListMerges } from './gin-pending';
import { openPglite } from './pglite';

/**
 * The embedded imports' pending-list merges (issue 13): after a batch, each GIN index's pending
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
