/**
 * The floor for the search scenario: the exact SQL that listNodes sends for
 * `GET /api/nodes?search=<term>&limit=25` (captured by calling listNodes itself with a
 * recording connection), run directly against the database, one run after another.
 * Each run is the page query then the count, back to back on one connection.
 */
import { NodeListQuerySchema } from '../../src/contract';
import type { Queryable } from '../../src/server/db/db';
import { listNodes } from '../../src/server/modules/nodes/repository';
import { summarize, type LatencySummary } from './stats';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** The two statements (page, count) that listNodes runs for this term. */
export async function searchSql(term: string): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const recorder: Queryable = {
    async query<T>(sql: string, params: unknown[] = []) {
      captured.push({ sql, params });
      return [{ total: 0 }] as T[];
    },
    async exec() {
      throw new Error('not used');
    },
  };
  // Parsed like the route parses the query string, so defaults (sort, scope) are the same.
  await listNodes(recorder, NodeListQuerySchema.parse({ search: term, limit: '25' }));
  if (captured.length !== 2) throw new Error(`listNodes ran ${captured.length} statements, expected 2`);
  return captured;
}

export interface FloorResult {
  runs: number;
  terms: number;
  /** Page query + count, back to back. */
  total: LatencySummary;
  page: LatencySummary;
  count: LatencySummary;
  /** Matching rows per term (the count query's answer): min, median, max. */
  matches: { min: number; median: number; max: number };
}

export async function measureSearchFloor(
  run: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>,
  terms: string[],
  runs: number,
): Promise<FloorResult> {
  const statements = await Promise.all(terms.map((t) => searchSql(t)));
  const matches: number[] = [];
  // Warm-up: one pass over every term (caches, plans), not measured.
  for (const [page, count] of statements) {
    await run(page.sql, page.params);
    const rows = await run(count.sql, count.params);
    matches.push(Number(rows[0].total));
  }
  const total: number[] = [];
  const pageTimes: number[] = [];
  const countTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const [page, count] = statements[i % statements.length];
    const t0 = performance.now();
    await run(page.sql, page.params);
    const t1 = performance.now();
    await run(count.sql, count.params);
    const t2 = performance.now();
    pageTimes.push(t1 - t0);
    countTimes.push(t2 - t1);
    total.push(t2 - t0);
  }
  matches.sort((a, b) => a - b);
  return {
    runs,
    terms: terms.length,
    total: summarize(total),
    page: summarize(pageTimes),
    count: summarize(countTimes),
    matches: { min: matches[0], median: matches[Math.floor(matches.length / 2)], max: matches[matches.length - 1] },
  };
}
