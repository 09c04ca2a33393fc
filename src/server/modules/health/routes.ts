import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setTimeout as sleep } from 'node:timers/promises';
import { HealthResponseSchema, LiveResponseSchema, ReadyResponseSchema, type ReadyResponse } from '../../../contract';

/** A database that takes longer than this to answer `SELECT 1` cannot serve requests either. */
const READY_DB_TIMEOUT_MS = 2000;

/** Answers whether the database answered within the timeout (a lost connection is `false`, not an error). */
async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  const timeout = new AbortController();
  try {
    return await Promise.race([
      app.db.query('SELECT 1').then(() => true),
      sleep(READY_DB_TIMEOUT_MS, false, { signal: timeout.signal, ref: false }),
    ]);
  } catch {
    return false;
  } finally {
    timeout.abort();
  }
}

/**
 * Probes for monitors and load balancers (docs/OPERATIONS.md):
 * - /live: liveness, the process answers; never touches the database, so an orchestrator does
 *   not restart every instance when the database is away.
 * - /ready: readiness, 503 while draining or while the database does not answer (and, from
 *   main.ts's early listener, while the server opens and migrates its database).
 * - /health: the original combined check (status and database kind), kept for existing monitors.
 */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthResponseSchema } } },
    async () => {
      await app.db.query('SELECT 1');
      return { status: 'ok' as const, database: app.db.kind === 'pglite' ? ('pglite' as const) : ('postgres' as const) };
    },
  );

  r.get('/live', { schema: { tags: ['health'], summary: 'Liveness: the process serves', response: { 200: LiveResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  r.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when this instance should get traffic; 503 while starting, draining or without its database',
        response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
      },
    },
    async (_req, reply) => {
      const notReady = (status: ReadyResponse['status']) => reply.code(503).header('Cache-Control', 'no-store').send({ status });
      if (app.draining) return notReady('draining');
      if (!(await databaseAnswers(app))) return notReady('database_unavailable');
      if (app.draining) return notReady('draining');
      return reply.header('Cache-Control', 'no-store').send({ status: 'ready' as const });
    },
  );
}
