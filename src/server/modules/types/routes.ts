import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, TAXONOMY_LABELS, TaxonomySaveSchema, TaxonomyTypeSchema, type TaxonomyKind, type TaxonomyType } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { fieldChanges } from '../../audit/record';
import type { VersionedRecord } from '../../db/versions';
import { conflict, notFound, uniqueViolation } from '../../plugins/errors';
import { expectedVersion } from '../../plugins/versions';
import { createType, deleteType, getType, listTypes, renameType, saveRelationRule, typeUsage } from './repository';

const PATHS: Record<TaxonomyKind, string> = { node: '/nodetypes', relation: '/relationtypes' };
const ENTITY = { node: 'node_type', relation: 'relation_type' } as const;

/** A type's audited fields: its name, a node type's colour, a relation type's rule. */
type TypeState = Pick<TaxonomyType, 'name' | 'color' | 'sourceNodeTypes' | 'targetNodeTypes' | 'symmetric' | 'defaultWeight'> | null;
const AUDITED: Record<TaxonomyKind, readonly (keyof NonNullable<TypeState>)[]> = {
  node: ['name', 'color'],
  relation: ['name', 'sourceNodeTypes', 'targetNodeTypes', 'symmetric', 'defaultWeight'],
};
const typeEvent = (kind: TaxonomyKind, action: string, id: string, before: TypeState, after: TypeState) => ({
  action,
  entityType: ENTITY[kind],
  entityId: id,
  changes: fieldChanges<NonNullable<TypeState>>(before, after, AUDITED[kind]),
  detail: { state: after ?? before },
});
const stateOf = (t: TaxonomyType | null): TypeState =>
  t
    ? t.symmetric === undefined
      ? { name: t.name, color: t.color }
      : { name: t.name, color: t.color, sourceNodeTypes: t.sourceNodeTypes, targetNodeTypes: t.targetNodeTypes, symmetric: t.symmetric, defaultWeight: t.defaultWeight }
    : null;

function capitalised(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The five calls of spec §7 for one kind of type: list, get, create, rename, delete. */
function taxonomyRoutes(kind: TaxonomyKind) {
  const label = TAXONOMY_LABELS[kind];
  const base = PATHS[kind];
  const tags = [`${label.singular}s`];
  const notFoundText = `${capitalised(label.singular)} not found`;
  const duplicate = (name: string) => conflict(`A ${label.singular} named "${name}" already exists`, 'duplicate_name');

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const load = async (id: string) => (await getType(app.db, kind, id)) ?? Promise.reject(notFound(notFoundText));
    const versioned: VersionedRecord = { table: `${ENTITY[kind]}s`, notFound: notFoundText, current: (db, id) => getType(db, kind, id) };

    r.get(base, { schema: { tags, summary: `All ${label.singular}s, by name`, response: { 200: z.array(TaxonomyTypeSchema) } } }, () =>
      listTypes(app.db, kind),
    );

    r.get(`${base}/:id`, { schema: { tags, params: IdParamsSchema, response: { 200: TaxonomyTypeSchema } } }, (req) => load(req.params.id));

    r.post(
      base,
      { schema: { tags, summary: `Create a ${label.singular}`, body: TaxonomySaveSchema, response: { 201: TaxonomyTypeSchema } } },
      async (req, reply) => {
        const id = await audited(app, actorOf(req.auth!.user), async ({ tx, record }) => {
          const created = await createType(tx, kind, req.body.name, req.auth!.user.id, req.body.color);
          if (kind === 'relation') await saveRelationRule(tx, created, req.body);
          await record(typeEvent(kind, 'create', created, null, stateOf(await getType(tx, kind, created))));
          return created;
        }).catch((err) => {
          throw uniqueViolation(err) !== null ? duplicate(req.body.name) : err;
        });
        return reply.status(201).send(await load(id));
      },
    );

    r.put(
      `${base}/:id`,
      { schema: { tags, summary: `Rename a ${label.singular} (everything using it follows), change a node type's colour or a relation type's rule`, params: IdParamsSchema, body: TaxonomySaveSchema, response: { 200: TaxonomyTypeSchema } } },
      async (req) => {
        const id = req.params.id;
        const expected = expectedVersion(req) ?? req.body.version;
        await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
          await claim(versioned, id, expected);
          const before = stateOf(await getType(tx, kind, id));
          if (!before || !(await renameType(tx, kind, id, req.body.name, req.body.color))) throw notFound(notFoundText);
          if (kind === 'relation') await saveRelationRule(tx, id, req.body);
          await record(typeEvent(kind, 'update', id, before, stateOf(await getType(tx, kind, id))));
        }).catch((err) => {
          throw uniqueViolation(err) !== null ? duplicate(req.body.name) : err;
        });
        return load(req.params.id);
      },
    );

    r.delete(
      `${base}/:id`,
      { schema: { tags, summary: `Delete an unused ${label.singular}`, params: IdParamsSchema, response: { 204: z.null() } } },
      async (req, reply) => {
        const type = await load(req.params.id);
        const expected = expectedVersion(req);
        const deleted = await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
          await claim(versioned, type.id, expected);
          if (!(await deleteType(tx, kind, type.id))) return false;
          await record(typeEvent(kind, 'delete', type.id, stateOf(type), null));
          return true;
        }).catch(async (err) => {
          if ((err as { code?: string }).code !== '23503') throw err;
          const n = await typeUsage(app.db, kind, type.id);
          throw conflict(
            `Cannot delete ${label.singular} "${type.name}": ${n} ${label.usedBy}${n === 1 ? '' : 's'} still use${n === 1 ? 's' : ''} it.`,
            'type_in_use',
          );
        });
        if (!deleted) throw notFound(notFoundText);
        return reply.status(204).send(null);
      },
    );
  };
}

export const nodeTypeRoutes = taxonomyRoutes('node');
export const relationTypeRoutes = taxonomyRoutes('relation');
