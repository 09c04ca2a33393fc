/**
 * Dry run ("Check file") against a real upload of the same 100,000-row node CSV,
 * on the database named by DATABASE_URL (PostgreSQL) or an in-memory PGlite: wall time of the
 * check, of the real upload, and of a second check once everything exists; meanwhile
 * `/api/health` is polled every 50 ms, so "worst" is the longest a request waited behind a batch.
 * The check runs every batch's real statements and rolls it back (platform/jobs/checkpoint.ts): it should
 * cost about what the upload costs and hold the database no longer per batch.
 *
 *   npx tsx bench/import/dry-run.ts            # PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/import/dry-run.ts
 */
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { summarize } from '../api/stats';

const ROWS = 100_000;

function csv(): Blob {
  const lines = ['nodename,nodetype,SNOMED'];
  // 10 % of the rows repeat an earlier row (skipped), every 500th is refused (a bad code), 20 types.
  for (let i = 0; i < ROWS; i++) {
    const n = i % 10 === 9 ? i - 9 : i;
    lines.push(`Bench node ${n},Bench type ${n % 20},${i % 500 === 499 ? '12ab' : ''}`);
  }
  return new Blob([lines.join('\r\n') + '\r\n']);
}

async function main() {
  const app = await buildApp(testConfig({ databaseUrl: process.env.DATABASE_URL ?? null, uploadAnswerWaitMs: 600_000, logLevel: 'silent' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const who = { username: 'bench', email: 'bench@example.org', password: 'bench-pass-1' };
    await fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: who.username, password: who.password }) });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const file = csv();
    for (const [label, query] of [['check', '?dryRun=true'], ['upload', ''], ['check again', '?dryRun=true']] as const) {
      const latencies: number[] = [];
      let stop = false;
      const polling = (async () => {
        while (!stop) {
          const start = performance.now();
          await (await fetch(`${url}/api/health`)).arrayBuffer();
          latencies.push(performance.now() - start);
          await new Promise((r) => setTimeout(r, Math.max(0, 50 - (performance.now() - start))));
        }
      })();
      const form = new FormData();
      form.append('file', file, 'bench.csv');
      const start = performance.now();
      const res = await fetch(`${url}/api/nodes/upload${query}`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` }, body: form });
      const body = (await res.json()) as { summary?: object; status: string };
      const wallMs = Math.round(performance.now() - start);
      stop = true;
      await polling;
      const health = summarize(latencies);
      console.log(JSON.stringify({ db: app.db.kind, label, wallMs, status: body.status, summary: body.summary, health: { n: health.n, p99: health.p99, max: health.max } }));
    }
  } finally {
    await app.close();
  }
}

await main();
