import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canSeeRelationNotes,
  IdParamsSchema,
  NODE_MESSAGES,
  NodeRelationItemSchema,
  NodeTypeChangeQuerySchema,
  ProposalRefSchema,
  RELATION_RULE_MESSAGES,
  RELATION_MESSAGES,
  RelationListQuerySchema,
  RelationPageSchema,
  RelationSaveSchema,
  RelationSchema,
} from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { expectedVersion } from '../../plugins/versions';
import { badRequest, notFound } from '../../plugins/errors';
import { getNode } from '../nodes';
import { proposeIfUnderReview } from '../review';
import { findNodeTypeId, getRelation, listRelations, relationsBrokenByTypeChange, relationsOfNode, toRelation } from './repository';
import { createRelationIn, deleteRelationIn, updateRelationIn } from './writes';

const tags = ['relations'];

export async function relationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = (req: FastifyRequest) => req.auth?.permissions ?? [];
  const load = async (id: string, req: FastifyRequest) => {
    const row = await getRelation(app.db, id);
    if (!row) throw notFound(RELATION_MESSAGES.notFound);
    return toRelation(row, viewer(req));
  };

  r.get(
    '/relations',
    { schema: { tags, summary: 'List relations (type, node and text filters, sort, page)', querystring: RelationListQuerySchema, response: { 200: RelationPageSchema } } },
    async (req) => {
      const { rows, total, totalCapped } = await listRelations(app.db, req.query);
      return { data: rows.map((row) => toRelation(row, viewer(req))), pagination: { total, limit: req.query.limit, skip: req.query.skip, totalCapped } };
    },
  );

  r.get('/relations/:id', { schema: { tags, params: IdParamsSchema, response: { 200: RelationSchema } } }, (req) => load(req.params.id, req));

  r.post(
    '/relations',
    { schema: { tags, summary: 'Create a relation (202 with the proposal while review mode applies to its type)', body: RelationSaveSchema, response: { 201: RelationSchema, 202: ProposalRefSchema } } },
    async (req, reply) => {
      // Who may not read internal notes may not write one either (no write-only field).
      const input = canSeeRelationNotes(viewer(req)) ? req.body : { ...req.body, note: undefined };
      const proposal = await proposeIfUnderReview(app, req, { kind: 'relation', action: 'create', after: input });
      if (proposal) return reply.status(202).send(proposal);
      const id = await audited(app, actorOf(req.auth!.user), (a) => createRelationIn(a, input, req.auth!.user.id));
      return reply.status(201).send(await load(id, req));
    },
  );

  r.put(
    '/relations/:id',
    { schema: { tags, summary: 'Update a relation (202 with the proposal under review mode)', params: IdParamsSchema, body: RelationSaveSchema, response: { 200: RelationSchema, 202: ProposalRefSchema } } },
    async (req, reply) => {
      const id = req.params.id;
      const expected = expectedVersion(req);
      const proposal = await proposeIfUnderReview(app, req, { kind: 'relation', action: 'update', targetId: id, after: req.body, expected });
      if (proposal) return reply.status(202).send(proposal);
      await audited(app, actorOf(req.auth!.user), (a) => updateRelationIn(a, id, req.body, expected, req.auth!.user.id, viewer(req)));
      return load(req.params.id, req);
    },
  );

  r.delete(
    '/relations/:id',
    { schema: { tags, summary: 'Delete a relation (202 with the proposal under review mode)', params: IdParamsSchema, response: { 204: z.null(), 202: ProposalRefSchema } } },
    async (req, reply) => {
      const id = req.params.id;
      const expected = expectedVersion(req);
      const proposal = await proposeIfUnderReview(app, req, { kind: 'relation', action: 'delete', targetId: id, expected });
      if (proposal) return reply.status(202).send(proposal);
      await audited(app, actorOf(req.auth!.user), (a) => deleteRelationIn(a, id, expected, viewer(req)));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/nodes/:id/type-change',
    {
      schema: {
        tags,
        summary: "The relations that changing a node's type would make break their type's rule (the node form warns with them; the change is not refused)",
        params: IdParamsSchema,
        querystring: NodeTypeChangeQuerySchema,
        response: { 200: z.array(RelationSchema) },
      },
    },
    async (req) => {
      if (!(await getNode(app.db, req.params.id))) throw notFound(NODE_MESSAGES.notFound);
      const { nodeTypeId, nodeType } = req.query;
      const typeId = nodeTypeId ?? (nodeType ? await findNodeTypeId(app.db, nodeType) : null);
      if (!typeId) throw badRequest(RELATION_RULE_MESSAGES.unknownNodeType(nodeType ?? nodeTypeId ?? ''), 'unknown_node_type');
      return (await relationsBrokenByTypeChange(app.db, req.params.id, typeId)).map((row) => toRelation(row, viewer(req)));
    },
  );

  r.get(
    '/nodes/:id/relations',
    { schema: { tags, summary: "A node's relations in both directions, each with the node at the other end", params: IdParamsSchema, response: { 200: z.array(NodeRelationItemSchema) } } },
    async (req) => {
      if (!(await getNode(app.db, req.params.id))) throw notFound(NODE_MESSAGES.notFound);
      return (await relationsOfNode(app.db, req.params.id)).map((row) => {
        const rel = toRelation(row, viewer(req));
        const outgoing = rel.sourceNodeId === req.params.id;
        return { ...rel, relatedNode: outgoing ? rel.targetNode : rel.sourceNode, direction: outgoing ? ('outgoing' as const) : ('incoming' as const) };
      });
    },
  );
}
