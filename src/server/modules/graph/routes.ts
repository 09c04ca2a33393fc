import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GraphQuerySchema, GraphSchema, NODE_MESSAGES } from '../../../contract';
import { notFound } from '../../plugins/errors';
import { focusedGraph, globalGraph } from './repository';

export async function graphRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/graph',
    {
      schema: {
        tags: ['graph'],
        summary: 'Nodes and relations for the graph explorer in one call: global (filtered, limited) or focused on a node',
        querystring: GraphQuerySchema,
        response: { 200: GraphSchema },
      },
      // The answer comes straight from our own SQL and can hold 40,000 objects: validating it
      // again cost up to 90 ms per request (bench/results/api-notes.md §3). Plain JSON here;
      // the schema still documents it and the API tests check the shape.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => {
      if (!req.query.focus) return globalGraph(app.db, req.query);
      const graph = await focusedGraph(app.db, req.query.focus, req.query);
      if (!graph) throw notFound(NODE_MESSAGES.notFound);
      return graph;
    },
  );
}
