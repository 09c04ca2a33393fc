import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, ROLE_MESSAGES, RoleCreateSchema, RoleSchema, RoleUpdateSchema, roleManageRefusal, rolePermissionsRefusal } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import type { VersionedRecord } from '../../db/versions';
import { conflict, forbidden, notFound, uniqueViolation } from '../../plugins/errors';
import { revokeAllForUsers } from '../credentials';
import { grantorOf, refuseIf } from '../users';
import { expectedVersion } from '../../plugins/versions';
import { deleteRoleMovingUsers, getRole, insertRole, listRoles, updateRole } from './repository';
import { roleCreated, roleDeleted, roleUpdated } from './role-audit';

const tags = ['roles'];
const duplicate = (err: unknown) => {
  throw uniqueViolation(err) !== null ? conflict(ROLE_MESSAGES.nameTaken, 'duplicate_name') : err;
};

/** Roles are versioned records (db/versions.ts). */
const ROLE_RECORD: VersionedRecord = { table: 'roles', notFound: ROLE_MESSAGES.notFound, current: getRole };

export async function roleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const load = async (id: string) => (await getRole(app.db, id)) ?? Promise.reject(notFound(ROLE_MESSAGES.notFound));

  r.get('/roles', { schema: { tags, summary: 'All roles with their user counts', response: { 200: z.array(RoleSchema) } } }, () => listRoles(app.db));

  r.post('/roles', { schema: { tags, summary: 'Create a custom role', body: RoleCreateSchema, response: { 201: RoleSchema } } }, async (req, reply) => {
    refuseIf(rolePermissionsRefusal(grantorOf(req.auth!), null, req.body.permissions));
    const role = await audited(app, actorOf(req.auth!.user), async ({ tx, record }) => {
      const created = (await getRole(tx, await insertRole(tx, req.body)))!;
      await record(roleCreated(created));
      return created;
    }).catch(duplicate);
    return reply.status(201).send(role);
  });

  r.put(
    '/roles/:id',
    { schema: { tags, summary: 'Update a role (or only isActive)', params: IdParamsSchema, body: RoleUpdateSchema, response: { 200: RoleSchema } } },
    async (req) => {
      const role = await load(req.params.id);
      const body = req.body;
      if (role.isSystem) {
        // System roles keep their name, status and permission set (re-applied from the contract at start).
        if (body.name !== undefined && body.name !== role.name) throw forbidden(ROLE_MESSAGES.systemRename, 'system_role');
        if (body.isActive === false) throw forbidden(ROLE_MESSAGES.systemToggle, 'system_role');
        if (body.permissions && [...body.permissions].sort().join() !== [...role.permissions].sort().join()) {
          throw forbidden(ROLE_MESSAGES.systemPermissions, 'system_role');
        }
      }
      refuseIf(rolePermissionsRefusal(grantorOf(req.auth!), role, body.permissions));
      const expected = expectedVersion(req);
      return audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
        await claim(ROLE_RECORD, role.id, expected);
        await updateRole(tx, role.id, body);
        const updated = (await getRole(tx, role.id))!;
        const event = roleUpdated(role, updated);
        if (event) await record(event);
        return updated;
      }).catch(duplicate);
    },
  );

  r.delete('/roles/:id', { schema: { tags, summary: "Delete a custom role; its users become viewers", params: IdParamsSchema, response: { 204: z.null() } } }, async (req, reply) => {
    const role = await load(req.params.id);
    if (role.isSystem) throw forbidden(ROLE_MESSAGES.systemDelete, 'system_role');
    refuseIf(roleManageRefusal(grantorOf(req.auth!), role));
    const expected = expectedVersion(req);
    await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
      await claim(ROLE_RECORD, role.id, expected);
      const moved = await deleteRoleMovingUsers(tx, role.id);
      await revokeAllForUsers(tx, moved);
      await record(roleDeleted(role, moved.length));
    });
    return reply.status(204).send(null);
  });
}
