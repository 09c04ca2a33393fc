import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SnomedIdParamsSchema, SnomedListQuerySchema, SnomedPageSchema } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { fieldChanges } from '../../audit/record';
import { notFound } from '../../plugins/errors';
import { snomedDriftRoutes } from './drift-routes';
import { deleteConcept, listConcepts } from './repository';

const tags = ['snomed'];

export async function snomedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(snomedDriftRoutes);

  r.get(
    '/snomed/concepts',
    { schema: { tags, summary: 'The SNOMED catalogue, server-paged (1-based page)', querystring: SnomedListQuerySchema, response: { 200: SnomedPageSchema } } },
    async (req) => {
      const { rows, total, totalCapped } = await listConcepts(app.db, req.query);
      return { data: rows, pagination: { total, limit: req.query.limit, page: req.query.page, totalCapped } };
    },
  );

  r.delete(
    '/snomed/concept/:id',
    { schema: { tags, summary: 'Delete a catalogue row', params: SnomedIdParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await audited(app, actorOf(req.auth!.user), async ({ tx, record }) => {
        const before = await deleteConcept(tx, req.params.id);
        if (!before) throw notFound('SNOMED concept not found');
        await record({ action: 'delete', entityType: 'snomed_concept', entityId: req.params.id, changes: fieldChanges(before, null, Object.keys(before)), detail: { state: before } });
      });
      return reply.status(204).send(null);
    },
  );
}
