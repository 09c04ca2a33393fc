import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS, NODE_MESSAGES, SnomedDriftPageSchema, SnomedDriftParamsSchema, SnomedDriftQuerySchema } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { notFound } from '../../plugins/errors';
import { acceptDrift, listDrift } from './drift';

const tags = ['snomed'];

/** SNOMED drift: the nodes an import's catalogue changes left to review, and accepting a change. */
export async function snomedDriftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/snomed/drift',
    { schema: { tags, summary: 'Nodes whose SNOMED code an import retired, inactivated or renamed', querystring: SnomedDriftQuerySchema, response: { 200: SnomedDriftPageSchema } } },
    async (req) => {
      const { rows, total } = await listDrift(app.db, req.query);
      return { data: rows, pagination: { total, limit: req.query.limit, skip: req.query.skip } };
    },
  );

  r.post(
    '/snomed/drift/:nodeId/accept',
    { schema: { tags, summary: "Accept the catalogue's change to a node's code (clears its review)", params: SnomedDriftParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      const { nodeId } = req.params;
      await audited(app, actorOf(req.auth!.user), async ({ tx, record }) => {
        const exists = await tx.query('SELECT 1 FROM nodes WHERE id = $1 FOR UPDATE', [nodeId]);
        if (exists.length === 0) throw notFound(NODE_MESSAGES.notFound);
        const cleared = await acceptDrift(tx, nodeId);
        if (!cleared) throw notFound('This node has no SNOMED change to review');
        // The node's history shows who accepted what: the term it was reviewed against and the new one.
        await record({
          action: AUDIT_ACTIONS.snomedDriftAccept,
          entityType: 'node',
          entityId: nodeId,
          changes: [{ field: 'snomedTerm', before: cleared.previous_term, after: cleared.current_term }],
          detail: { code: cleared.code, kind: cleared.kind, jobId: cleared.detected_by_job_id, filename: cleared.detected_by_filename },
        });
      });
      return reply.status(204).send(null);
    },
  );
}
