import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SnomedConceptDetailSchema, SnomedConceptHitPageSchema, SnomedConceptParamsSchema, SnomedIdParamsSchema, SnomedListQuerySchema, SnomedPageSchema } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { fieldChanges } from '../../audit/record';
import { notFound } from '../../plugins/errors';
import { snomedDriftRoutes } from './drift-routes';
import { listConceptHits } from './concept-search';
import { getConcept } from './concepts';
import { deleteConcept, listConcepts } from './repository';

const tags = ['snomed'];

export async function snomedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(snomedDriftRoutes);

  r.get(
    '/snomed/concepts',
    {
      schema: {
        tags,
        summary: 'The SNOMED catalogue, server-paged (1-based page): description rows, or concepts with by=concept',
        querystring: SnomedListQuerySchema,
        response: { 200: z.union([SnomedPageSchema, SnomedConceptHitPageSchema]) },
      },
    },
    async (req) => {
      const pagination = (total: number, totalCapped: boolean) => ({ total, limit: req.query.limit, page: req.query.page, totalCapped });
      if (req.query.by === 'concept') {
        const { rows, total, totalCapped } = await listConceptHits(app.db, req.query, app.config.snomedDialect);
        return { data: rows, pagination: pagination(total, totalCapped) };
      }
      const { rows, total, totalCapped } = await listConcepts(app.db, req.query);
      return { data: rows, pagination: pagination(total, totalCapped) };
    },
  );

  r.get(
    '/snomed/concepts/:conceptId',
    {
      schema: {
        tags,
        summary: 'One concept: preferred term, FSN, descriptions, parents, children, path to the root and, when inactive, its replacements',
        params: SnomedConceptParamsSchema,
        response: { 200: SnomedConceptDetailSchema },
      },
    },
    async (req) => {
      const concept = await getConcept(app.db, req.params.conceptId, app.config.snomedDialect);
      if (!concept) throw notFound('SNOMED concept not found');
      return concept;
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
