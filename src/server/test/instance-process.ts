import readline from 'node:readline';
import { buildApp } from '../app';
import { audited } from '../audit/audited';
import type { AuditActor, AuditEventInput } from '../audit/events';
import { configFromEnv } from '../config';

/**
 * One real server instance for the multi-instance process tests (live/*.process.test.ts): the app of
 * main.ts on DATABASE_URL, plus a test-only control line on stdin. `{"actor":…,"events":[…]}` makes
 * one audited change — exactly what a write route does — and answers `changed <id,…>` on stdout, so
 * a test can cause a change in this process whatever routes are wired to the audit trail yet.
 */
const config = configFromEnv();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
process.stdout.write('listening\n');

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const { actor, events } = JSON.parse(line) as { actor: AuditActor; events: AuditEventInput[] };
  audited(app, actor, async ({ record }) => {
    const ids: string[] = [];
    for (const event of events) ids.push((await record(event)).id);
    return ids;
  }).then(
    (ids) => process.stdout.write(`changed ${ids.join(',')}\n`),
    (err: unknown) => process.stdout.write(`change failed ${String(err)}\n`),
  );
});

const stop = () => void app.close().then(() => process.exit(0), () => process.exit(1));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
