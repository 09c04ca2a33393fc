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
} from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { conflict, notFound } from '../../plugins/errors';
import { loadNodeState, nodeEvent, relationEvent, relationStatesOfNode } from '../audit-states';
import { listNodes, searchNodes } from './list-query';
import { deleteNode, getNode, insertNode, relationCount, toNode, updateNode } from './repository';
import { nodeConflict, resolveType } from './service';
import { NODE_RECORD, nodeDetail } from './record';
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
    { schema: { tags, summary: 'Create a node', body: NodeSaveSchema, response: { 201: NodeSchema } } },
    async (req, reply) => {
      const input = req.body;
      const id = await audited(app, actorOf(req.auth!.user), async ({ tx, record }) => {
        const typeId = await resolveType(tx, input.nodeType);
        const created = await insertNode(tx, input, typeId, req.auth!.user.id);
        await record(nodeEvent('create', created, null, await loadNodeState(tx, created)));
        return created;
      }).catch((err) => nodeConflict(app.db, err, input));
      return reply.status(201).send(toNode((await getNode(app.db, id))!));
    },
  );

  r.put(
    '/nodes/:id',
    { schema: { tags, summary: 'Update a node (createdBy/updatedBy come from the session)', params: IdParamsSchema, body: NodeSaveSchema, response: { 200: NodeSchema } } },
    async (req) => {
      const input = req.body;
      const id = req.params.id;
      const expected = expectedVersion(req);
      await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
        await claim(NODE_RECORD, id, expected);
        const current = (await tx.query<{ node_type_id: string }>('SELECT node_type_id FROM nodes WHERE id = $1', [id]))[0];
        const typeId = await resolveType(tx, input.nodeType);
        if (typeId !== current.node_type_id && (await relationCount(tx, id)) > 0) {
          throw conflict(NODE_MESSAGES.typeLocked, 'node_type_locked');
        }
        const before = await loadNodeState(tx, id);
        await updateNode(tx, id, input, typeId, req.auth!.user.id);
        await record(nodeEvent('update', id, before, await loadNodeState(tx, id)));
      }).catch((err) => nodeConflict(app.db, err, input));
      return toNode((await getNode(app.db, req.params.id))!);
    },
  );

  r.delete(
    '/nodes/:id',
    { schema: { tags, summary: 'Delete a node with its relations and attachments', params: IdParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      const id = req.params.id;
      const expected = expectedVersion(req);
      await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
        await claim(NODE_RECORD, id, expected);
        const state = await loadNodeState(tx, id);
        if (!state) throw notFound(NODE_MESSAGES.notFound);
        // The event carries what goes with the node, so that a restore brings it all back; each
        // relation also gets its own delete event, for its history.
        const relations = await relationStatesOfNode(tx, id);
        for (const { id: relationId, ...relation } of relations) {
          await record(relationEvent('delete', relationId, relation, null, { removedWithNode: id }));
        }
        await deleteNode(tx, id);
        await record(nodeEvent('delete', id, state, null, { relations }));
      });
      // Attachment contents stay: the delete event refers to them until the audit purge.
      return reply.status(204).send(null);
    },
  );
}
