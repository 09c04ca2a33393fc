import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canSeeRelationNotes,
  IdParamsSchema,
  LIMITS,
  NODE_MESSAGES,
  NodeRelationItemSchema,
  NodeTypeChangeQuerySchema,
  RELATION_RULE_MESSAGES,
  RELATION_MESSAGES,
  RelationListQuerySchema,
  RelationPageSchema,
  RelationSaveSchema,
  RelationSchema,
} from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import type { Queryable } from '../../db/db';
import { relationRecord } from './record';
import { expectedVersion } from '../../plugins/versions';
import { badRequest, notFound } from '../../plugins/errors';
import { getNode } from '../nodes';
import {
  deleteRelation,
  existingNodeIds,
  findNodeTypeId,
  findRelationTypeId,
  getRelation,
  insertRelation,
  listRelations,
  relationsBrokenByTypeChange,
  relationsOfNode,
  toRelation,
  updateRelation,
  writeEvidence,
  type RelationInput,
} from './repository';
import { loadRelationState, relationEvent } from '../audit-states';
import { refuseDuplicateRelation } from './duplicates';
import { loadNodeTypeNames, loadRelationRule, ruleViolation } from './rules';

const tags = ['relations'];

/** Both end nodes and the type must exist; returns the type's id. */
async function checkReferences(db: Queryable, input: RelationInput): Promise<string> {
  const found = await existingNodeIds(db, [input.sourceNodeId, input.targetNodeId]);
  if (!found.has(input.sourceNodeId)) throw badRequest('The source node does not exist', 'unknown_source_node');
  if (!found.has(input.targetNodeId)) throw badRequest('The target node does not exist', 'unknown_target_node');
  const typeId = await findRelationTypeId(db, input.relationType);
  if (!typeId) throw badRequest(`Relation type "${input.relationType}" does not exist`, 'unknown_relation_type');
  return typeId;
}

/**
 * Everything a relation write must pass, in the writing transaction: the references, the type's
 * rule (400 naming it) and no duplicate (409). An update that keeps the ends and the type is not
 * judged again: relations made before a rule stay editable. Returns the type's
 * id and the weight to store (the type's default weight when none was given).
 */
async function checkRelationWrite(
  tx: Queryable,
  input: RelationInput,
  current: { id: string; sourceNodeId: string; targetNodeId: string; relationTypeId: string } | null,
): Promise<{ typeId: string; weight: number }> {
  const typeId = await checkReferences(tx, input);
  const rule = (await loadRelationRule(tx, typeId))!;
  const weight = input.weight ?? rule.defaultWeight ?? LIMITS.relationWeight.default;
  const keepsEnds =
    current !== null && current.sourceNodeId === input.sourceNodeId && current.targetNodeId === input.targetNodeId && current.relationTypeId === typeId;
  if (keepsEnds) return { typeId, weight };
  const ends = await tx.query<{ id: string; node_type_id: string }>('SELECT id, node_type_id FROM nodes WHERE id = ANY($1::uuid[])', [
    [input.sourceNodeId, input.targetNodeId],
  ]);
  const typeOf = (id: string) => ends.find((n) => n.id === id)!.node_type_id;
  const violation = ruleViolation(rule, typeOf(input.sourceNodeId), typeOf(input.targetNodeId), await loadNodeTypeNames(tx));
  if (violation) throw badRequest(violation, 'relation_rule');
  await refuseDuplicateRelation(tx, { sourceNodeId: input.sourceNodeId, targetNodeId: input.targetNodeId, relationTypeId: typeId, symmetric: rule.symmetric }, current?.id ?? null);
  return { typeId, weight };
}

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
    { schema: { tags, summary: 'Create a relation', body: RelationSaveSchema, response: { 201: RelationSchema } } },
    async (req, reply) => {
      // Who may not read internal notes may not write one either (no write-only field).
      const input = canSeeRelationNotes(viewer(req)) ? req.body : { ...req.body, note: undefined };
      const id = await audited(app, actorOf(req.auth!.user), async ({ tx, record }) => {
        const { typeId, weight } = await checkRelationWrite(tx, input, null);
        const created = await insertRelation(tx, { ...input, weight }, typeId, req.auth!.user.id);
        await writeEvidence(tx, created, input.evidence);
        await record(relationEvent('create', created, null, await loadRelationState(tx, created)));
        return created;
      });
      return reply.status(201).send(await load(id, req));
    },
  );

  r.put(
    '/relations/:id',
    { schema: { tags, summary: 'Update a relation', params: IdParamsSchema, body: RelationSaveSchema, response: { 200: RelationSchema } } },
    async (req) => {
      const id = req.params.id;
      const expected = expectedVersion(req);
      await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
        await claim(relationRecord(viewer(req)), id, expected);
        const [current] = await tx.query<{ id: string; sourceNodeId: string; targetNodeId: string; relationTypeId: string }>(
          `SELECT id, source_node_id AS "sourceNodeId", target_node_id AS "targetNodeId", relation_type_id AS "relationTypeId"
             FROM relations WHERE id = $1`,
          [id],
        );
        const before = await loadRelationState(tx, id);
        if (!current || !before) throw notFound(RELATION_MESSAGES.notFound);
        const { typeId, weight } = await checkRelationWrite(tx, req.body, current);
        await updateRelation(tx, id, { ...req.body, weight }, typeId, req.auth!.user.id);
        await writeEvidence(tx, id, req.body.evidence);
        await record(relationEvent('update', id, before, await loadRelationState(tx, id)));
      });
      return load(req.params.id, req);
    },
  );

  r.delete('/relations/:id', { schema: { tags, params: IdParamsSchema, response: { 204: z.null() } } }, async (req, reply) => {
    const id = req.params.id;
    const expected = expectedVersion(req);
    await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
      await claim(relationRecord(viewer(req)), id, expected);
      const before = await loadRelationState(tx, id);
      if (!before || !(await deleteRelation(tx, id))) throw notFound(RELATION_MESSAGES.notFound);
      await record(relationEvent('delete', id, before, null));
    });
    return reply.status(204).send(null);
  });

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
