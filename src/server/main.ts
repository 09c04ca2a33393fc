import { buildApp } from './app';
import { configFromEnv } from './config';
import { isConnectionError } from './db/connection-errors';
import { DataDirLockedError } from './db/data-dir-lock';

const config = configFromEnv();

// Last line of defence: a lost database connection that escaped its request (a listener
// missed somewhere) is logged and survived — the pool replaces the connection. Anything
// else is a bug whose state we cannot trust, so the process still ends on it.
const escaped = (kind: string) => (err: unknown) => {
  if (isConnectionError(err)) {
    console.warn(`${kind}: database connection lost (${(err as Error).message}); serving on`);
    return;
  }
  console.error(kind, err);
  process.exit(1);
};
process.on('uncaughtException', escaped('uncaughtException'));
process.on('unhandledRejection', escaped('unhandledRejection'));

try {
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  app.log.info(`Knowledge-graph workbench on http://localhost:${config.port} — ${where}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing connections and the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
}
