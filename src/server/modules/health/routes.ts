import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '../../../contract';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthResponseSchema } } },
    async () => {
      await app.db.query('SELECT 1');
      return { status: 'ok' as const, database: app.db.kind === 'pglite' ? ('pglite' as const) : ('postgres' as const) };
    },
  );
}
