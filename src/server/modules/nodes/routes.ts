import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamsSchema,
  NODE_MESSAGES,
  NodeDetailSchema,
  NodeListQuerySchema,
  NodePageSchema,
  NodeSaveSchema,
  NodeSchema,
  NodeSearchQuerySchema,
  ProposalRefSchema,
} from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { notFound } from '../../plugins/errors';
import { proposeIfUnderReview } from '../review';
import { listNodes, searchNodes } from './list-query';
import { getNode, toNode } from './repository';
import { nodeConflict } from './service';
import { nodeDetail } from './record';
import { createNodeIn, deleteNodeIn, updateNodeIn } from './writes';
import { expectedVersion } from '../../plugins/versions';

const tags = ['nodes'];

export async function nodeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/nodes',
    { schema: { tags, summary: 'List nodes (filter, search, sort, page)', querystring: NodeListQuerySchema, response: { 200: NodePageSchema } } },
    async (req) => {
      const { rows, total, totalCapped } = await listNodes(app.db, req.query);
      return { data: rows.map(toNode), pagination: { total, limit: req.query.limit, skip: req.query.skip, totalCapped } };
    },
  );

  r.get(
    '/nodes/search',
    { schema: { tags, summary: 'Find nodes by name or SNOMED code (pickers)', querystring: NodeSearchQuerySchema, response: { 200: z.array(NodeSchema) } } },
    async (req) => (await searchNodes(app.db, req.query)).map(toNode),
  );

  r.get(
    '/nodes/:id',
    { schema: { tags, summary: 'One node with its attachments and relation count', params: IdParamsSchema, response: { 200: NodeDetailSchema } } },
    async (req) => (await nodeDetail(app.db, req.params.id)) ?? Promise.reject(notFound(NODE_MESSAGES.notFound)),
  );

  r.post(
    '/nodes',
    { schema: { tags, summary: 'Create a node (202 with the proposal while review mode applies to its type)', body: NodeSaveSchema, response: { 201: NodeSchema, 202: ProposalRefSchema } } },
    async (req, reply) => {
      const input = req.body;
      const proposal = await proposeIfUnderReview(app, req, { kind: 'node', action: 'create', after: input });
      if (proposal) return reply.status(202).send(proposal);
      const id = await audited(app, actorOf(req.auth!.user), (a) => createNodeIn(a, input, req.auth!.user.id)).catch((err) => nodeConflict(app.db, err, input));
      return reply.status(201).send(toNode((await getNode(app.db, id))!));
    },
  );

  r.put(
    '/nodes/:id',
    {
      schema: {
        tags,
        summary: 'Update a node (createdBy/updatedBy come from the session; 202 with the proposal under review mode)',
        params: IdParamsSchema,
        body: NodeSaveSchema,
        response: { 200: NodeSchema, 202: ProposalRefSchema },
      },
    },
    async (req, reply) => {
      const input = req.body;
      const id = req.params.id;
      const expected = expectedVersion(req);
      const proposal = await proposeIfUnderReview(app, req, { kind: 'node', action: 'update', targetId: id, after: input, expected });
      if (proposal) return reply.status(202).send(proposal);
      await audited(app, actorOf(req.auth!.user), (a) => updateNodeIn(a, id, input, expected, req.auth!.user.id)).catch((err) => nodeConflict(app.db, err, input));
      return toNode((await getNode(app.db, req.params.id))!);
    },
  );

  r.delete(
    '/nodes/:id',
    { schema: { tags, summary: 'Delete a node with its relations and attachments (202 with the proposal under review mode)', params: IdParamsSchema, response: { 204: z.null(), 202: ProposalRefSchema } } },
    async (req, reply) => {
      const id = req.params.id;
      const expected = expectedVersion(req);
      const proposal = await proposeIfUnderReview(app, req, { kind: 'node', action: 'delete', targetId: id, expected });
      if (proposal) return reply.status(202).send(proposal);
      await audited(app, actorOf(req.auth!.user), (a) => deleteNodeIn(a, id, expected));
      // Attachment contents stay: the delete event refers to them until the audit purge.
      return reply.status(204).send(null);
    },
  );
}
