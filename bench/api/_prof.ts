import pg from 'pg';
import { buildGraph, searchTerms } from './dataset';
import { searchSql } from './floor';
const g = buildGraph({ nodesPerType: 10000, relationsPerType: 30000, seed: 20240601 });
const terms = searchTerms(g, 200, 20240602);
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/kg_bench_investigate' });
await c.connect();
const res: { term: string; page: number; count: number; n: number }[] = [];
for (const term of terms) {
  const [p, q] = await searchSql(term);
  let best = [Infinity, Infinity]; let n = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now(); await c.query(p.sql, p.params); const t1 = performance.now();
    const r = await c.query(q.sql, q.params); const t2 = performance.now(); n = r.rows[0].total;
    best = [Math.min(best[0], t1 - t0), Math.min(best[1], t2 - t1)];
  }
  res.push({ term, page: +best[0].toFixed(1), count: +best[1].toFixed(1), n });
}
res.sort((a, b) => b.page + b.count - a.page - a.count);
console.table(res.slice(0, 15));
console.log('terms with >1000 matches:', res.filter((r) => r.n > 1000).length, 'of', res.length);
await c.end();
