import { buildApp } from './app';
import { configFromEnv } from './config';
import { isConnectionError } from './db/connection/connection-errors';
import { DataDirLockedError } from './db/pglite/data-dir-lock';
import { listenEarly } from './early-listen';
import { setTimeout as sleep } from 'node:timers/promises';

import { ConfigError } from './sso-config';

function loadConfig(): ReturnType<typeof configFromEnv> {
  try {
    return configFromEnv();
  } catch (err) {
    // A wrong setting stops the start with the variable's name, not a stack trace.
    if (err instanceof ConfigError) {
      console.error(`\nConfiguration error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
const config = loadConfig();

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

/** The running batch of an import is allowed this long to commit before the process exits anyway. */
const CLOSE_TIMEOUT_MS = 25_000;

try {
  // Listen first: while the database opens and migrates, /api/ready answers 503 (early-listen.ts).
  const early = await listenEarly(config.port, config.host);
  const app = await buildApp(config, { serverFactory: early.serverFactory }).catch((err: unknown) => {
    early.server.close();
    throw err;
  });
  early.open();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  app.log.info(`Knowledge-graph workbench on http://localhost:${config.port} — ${where}`);

  let closing = false;
  /**
   * Graceful drain (docs/OPERATIONS.md): not ready at once and no more job claims; after
   * KG_DRAIN_DELAY_SECONDS (for a load balancer's readiness probe to notice) no new
   * connections; then the app closes: running imports stop after the batch they are writing
   * (committed with its checkpoint, recorded as interrupted, so another instance resumes them
   * at once), sockets are closed, then the database.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    app.log.info(`${signal}: draining`);
    const force = setTimeout(() => process.exit(1), config.drainDelaySeconds * 1000 + CLOSE_TIMEOUT_MS);
    force.unref();
    if (config.drainDelaySeconds > 0) await sleep(config.drainDelaySeconds * 1000);
    early.server.close();
    early.server.closeIdleConnections();
    await app.close();
    app.log.info(`${signal}: closed`);
    process.exit(0);
  };
  const onSignal = (signal: string) => () =>
    void shutdown(signal).catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  process.on('SIGINT', onSignal('SIGINT'));
  process.on('SIGTERM', onSignal('SIGTERM'));
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else if (err instanceof ConfigError) {
    console.error(`\nConfiguration error: ${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
}
