import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StatsSchema, type Stats } from '../../../contract';

export async function statsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/stats',
    { schema: { tags: ['stats'], summary: 'Totals for the dashboard', response: { 200: StatsSchema } } },
    async () => {
      const rows = await app.db.query<Stats>(`
        SELECT (SELECT count(*) FROM nodes)::int          AS "nodeCount",
               (SELECT count(*) FROM relations)::int      AS "relationCount",
               (SELECT count(*) FROM users)::int          AS "userCount",
               (SELECT count(*) FROM node_types)::int     AS "nodeTypeCount",
               (SELECT count(*) FROM relation_types)::int AS "relationTypeCount"`);
      return rows[0];
    },
  );
}
