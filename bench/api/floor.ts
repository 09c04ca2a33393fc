/**
 * The floor for the search scenario: the exact SQL that listNodes sends for
 * `GET /api/nodes?search=<term>&limit=25` (captured by calling listNodes itself with a
 * recording connection), run directly against the database, one run after another.
 * Each run is every statement listNodes sends (page then count, or one combined statement),
 * back to back on one connection.
 */
import { NodeListQuerySchema } from '../../src/contract';
import type { Queryable } from '../../src/server/db/db';
import { listNodes } from '../../src/server/modules/nodes/list-query';
import { summarize, type LatencySummary } from './stats';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** The statements listNodes runs for this term (its first page). */
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
  if (captured.length === 0) throw new Error('listNodes ran no statement');
  return captured;
}

export interface FloorResult {
  runs: number;
  terms: number;
  /** How many statements listNodes sends for a search (2: page and count; 1: combined). */
  statementsPerSearch: number;
  /** All of a search's statements, back to back. */
  total: LatencySummary;
  /** Each statement alone, in the order listNodes sends them. */
  perStatement: LatencySummary[];
  /** Matching rows per term (the count query's answer): min, median, max. */
  matches: { min: number; median: number; max: number };
}

export async function measureSearchFloor(
  run: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>,
  terms: string[],
  runs: number,
): Promise<FloorResult> {
  const statements = await Promise.all(terms.map((t) => searchSql(t)));
  const perTerm = statements[0].length;
  if (statements.some((st) => st.length !== perTerm)) throw new Error('listNodes sends a different number of statements per term');
  const matches: number[] = [];
  // Warm-up: one pass over every term (caches, plans), not measured. The matching rows are
  // the "total" of whichever statement returns it.
  for (const st of statements) {
    let total = 0;
    for (const q of st) {
      const rows = await run(q.sql, q.params);
      if (rows[0] && 'total' in rows[0]) total = Number(rows[0].total);
      else if (rows[0] && 'matched' in rows[0]) total = Number(rows[0].matched);
    }
    matches.push(total);
  }
  const total: number[] = [];
  const each: number[][] = Array.from({ length: perTerm }, () => []);
  for (let i = 0; i < runs; i++) {
    const st = statements[i % statements.length];
    const t0 = performance.now();
    let t = t0;
    for (let k = 0; k < st.length; k++) {
      await run(st[k].sql, st[k].params);
      const now = performance.now();
      each[k].push(now - t);
      t = now;
    }
    total.push(t - t0);
  }
  matches.sort((a, b) => a - b);
  return {
    runs,
    terms: terms.length,
    statementsPerSearch: perTerm,
    total: summarize(total),
    perStatement: each.map(summarize),
    matches: { min: matches[0], median: matches[Math.floor(matches.length / 2)], max: matches[matches.length - 1] },
  };
}
