import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  NODE_MESSAGES,
  NodeSchema,
  SNOMED_DIALECT_REFSETS,
  SnomedDriftPageSchema,
  SnomedDriftParamsSchema,
  SnomedDriftQuerySchema,
  SnomedReplaceBodySchema,
} from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { badRequest, conflict, notFound, uniqueViolation } from '../../plugins/errors';
import { expectedVersion } from '../../plugins/versions';
import { loadNodeState, nodeEvent } from '../audit-states';
import { NODE_RECORD, getNode, nodeWithSnomedCode, toNode } from '../nodes';
import { replacementsOf } from './concepts';
import { acceptDrift, listDrift } from './drift';

const tags = ['snomed'];

/** SNOMED drift: the nodes an import's catalogue changes left to review, and accepting a change. */
export async function snomedDriftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/snomed/drift',
    { schema: { tags, summary: 'Nodes whose SNOMED code an import retired, inactivated or renamed', querystring: SnomedDriftQuerySchema, response: { 200: SnomedDriftPageSchema } } },
    async (req) => {
      const { rows, total } = await listDrift(app.db, req.query, SNOMED_DIALECT_REFSETS[app.config.snomedDialect]);
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

  r.post(
    '/snomed/drift/:nodeId/replace',
    {
      schema: {
        tags,
        summary: "Recode a flagged node to one of its retired code's suggested replacements (If-Match: the node's version)",
        params: SnomedDriftParamsSchema,
        body: SnomedReplaceBodySchema,
        response: { 200: NodeSchema },
      },
    },
    async (req) => {
      const { nodeId } = req.params;
      const target = req.body.conceptId;
      const expected = expectedVersion(req);
      const refset = SNOMED_DIALECT_REFSETS[app.config.snomedDialect];
      await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
        // The claim comes first: it takes the node's row lock and refuses a stale version (412).
        await claim(NODE_RECORD, nodeId, expected);
        const [drift] = await tx.query<{ code: string }>('SELECT code FROM snomed_drift WHERE node_id = $1', [nodeId]);
        if (!drift) throw notFound('This node has no SNOMED change to review');
        const suggested = (await replacementsOf(tx, [drift.code], refset)).get(drift.code) ?? [];
        const chosen = suggested.find((s) => s.id === target);
        if (!chosen) throw badRequest(`${target} is not a suggested replacement of ${drift.code}`, 'not_a_replacement');
        const before = await loadNodeState(tx, nodeId);
        // The drift row goes with the code change (trigger nodes_clear_snomed_drift, migration 0022).
        await tx.query('UPDATE nodes SET snomed_code = $2, updated_by = $3, updated_at = now() WHERE id = $1', [nodeId, target, req.auth!.user.id]);
        await record(nodeEvent('update', nodeId, before, await loadNodeState(tx, nodeId), { code: drift.code, kind: chosen.type }));
      }).catch(async (err: unknown) => {
        if (uniqueViolation(err)?.includes('snomed')) {
          const other = await nodeWithSnomedCode(app.db, target);
          throw conflict(NODE_MESSAGES.snomedInUse(target, other?.name ?? 'another node'), 'duplicate_snomed_code');
        }
        throw err;
      });
      return toNode((await getNode(app.db, nodeId))!);
    },
  );
}
