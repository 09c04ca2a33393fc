import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, USER_ADMIN_MESSAGES, roleAssignRefusal, userManageRefusal, userUpdateRefusal, UserCreateSchema, UserListQuerySchema, UserPageSchema, UserSchema, UserUpdateSchema, type User } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { NO_PASSWORD_HASH, assertPasswordAllowed, hashPassword, revokeAllForUsers } from '../credentials';
import { accountConflict } from './account-conflict';
import { expectedVersion } from '../../plugins/versions';
import { assertUsernameFree } from './username-skeletons';
import { grantorOf, refuseIf, roleOfUser } from './grant-rules';
import { activeAdminCount, deleteUser, insertUser, lockAdmins, resolveRole, updateUser } from './admin-repository';
import { SEES_SSO_IDENTITY, USER_RECORD, findUserById, listUsers, ssoIdentitiesOf, toUser, type UserRow } from './repository';
import { userCreated, userDeleted, userUpdated } from './user-audit';

const tags = ['users'];

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const issuer = app.config.sso?.issuer ?? null;

  /** Full records; with each account's provider identity (or null) for a reader who may see it, on a server with SSO. */
  const recordsFor = async (permissions: readonly string[], rows: UserRow[]): Promise<User[]> => {
    if (!issuer || !SEES_SSO_IDENTITY.every((p) => permissions.includes(p))) return rows.map(toUser);
    const identities = await ssoIdentitiesOf(app.db, issuer, rows.map((row) => row.id));
    return rows.map((row) => ({ ...toUser(row), ssoIdentity: identities.get(row.id) ?? null }));
  };

  r.get(
    '/users',
    { schema: { tags, summary: 'Users: full records for administrators, id and username for everyone else', querystring: UserListQuerySchema, response: { 200: UserPageSchema } } },
    async (req) => {
      const full = req.auth!.permissions.includes('users.read');
      const { rows, total } = await listUsers(app.db, req.query, full);
      return {
        data: full ? await recordsFor(req.auth!.permissions, rows) : rows.map((row) => ({ id: row.id, username: row.username })),
        pagination: { total, limit: req.query.limit, skip: req.query.skip },
      };
    },
  );

  r.post('/users', { schema: { tags, summary: 'Create a user (administrators)', body: UserCreateSchema, response: { 201: UserSchema } } }, async (req, reply) => {
    const body = req.body;
    const role = await resolveRole(app.db, body.roleId, body.role);
    if (!role) throw badRequest(USER_ADMIN_MESSAGES.unknownRole, 'unknown_role');
    refuseIf(roleAssignRefusal(grantorOf(req.auth!), role));
    assertPasswordAllowed(body.password, body);
    const passwordHash = await hashPassword(body.password);
    const created = await audited(app, actorOf(req.auth!.user), async ({ tx, record }) => {
      await assertUsernameFree(tx, body.username);
      const row = (await findUserById(tx, await insertUser(tx, { ...body, passwordHash, roleId: role.id })))!;
      await record(userCreated(row));
      return row;
    }).catch(accountConflict);
    const [record] = await recordsFor(req.auth!.permissions, [created]);
    return reply.status(201).send(record);
  });

  r.put(
    '/users/:id',
    { schema: { tags, summary: 'Update a user; role changes and deactivation end their sessions', params: IdParamsSchema, body: UserUpdateSchema, response: { 200: UserSchema } } },
    async (req) => {
      const body = req.body;
      const expected = expectedVersion(req);
      await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
        await lockAdmins(tx);
        await claim(USER_RECORD, req.params.id, expected);
        const user = await findUserById(tx, req.params.id);
        if (!user) throw notFound(USER_ADMIN_MESSAGES.notFound);
        const asked = body.roleId || body.role ? await resolveRole(tx, body.roleId, body.role) : null;
        if ((body.roleId || body.role) && !asked) throw badRequest(USER_ADMIN_MESSAGES.unknownRole, 'unknown_role');
        refuseIf(userUpdateRefusal(grantorOf(req.auth!), { userId: user.id, role: roleOfUser(user) }, asked));
        const role = asked ?? { id: user.role_id, name: user.role_name };
        if (!role.id) throw badRequest(USER_ADMIN_MESSAGES.unknownRole, 'unknown_role');
        const wasActiveAdmin = user.role_name === 'admin' && user.is_active;
        const staysActiveAdmin = role.name === 'admin' && (body.isActive ?? user.is_active);
        if (wasActiveAdmin && !staysActiveAdmin && (await activeAdminCount(tx, user.id)) === 0) {
          throw conflict(USER_ADMIN_MESSAGES.lastAdmin, 'last_admin');
        }
        // A restored account without a password stays inactive until it gets one (it could not sign in).
        if (user.password_hash === NO_PASSWORD_HASH && body.password === undefined && body.isActive === true) {
          throw badRequest(USER_ADMIN_MESSAGES.passwordBeforeActivating, 'password_required');
        }
        if (body.username !== undefined) await assertUsernameFree(tx, body.username, user);
        await updateUser(tx, user.id, { ...body, roleId: role.id });
        // An admin sets the password of a restored (inactive) account; the event says only that it changed.
        if (body.password !== undefined) {
          assertPasswordAllowed(body.password, { username: body.username ?? user.username, email: body.email ?? user.email });
          await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, await hashPassword(body.password)]);
        }
        if (role.id !== user.role_id || body.isActive === false || body.password !== undefined) await revokeAllForUsers(tx, [user.id]);
        const event = userUpdated(user, (await findUserById(tx, user.id))!, body.password !== undefined);
        if (event) await record(event);
      }).catch(accountConflict);
      const [saved] = await recordsFor(req.auth!.permissions, [(await findUserById(app.db, req.params.id))!]);
      return saved;
    },
  );

  r.delete('/users/:id', { schema: { tags, summary: 'Delete a user (not administrators)', params: IdParamsSchema, response: { 204: z.null() } } }, async (req, reply) => {
    const user = await findUserById(app.db, req.params.id);
    if (!user) throw notFound(USER_ADMIN_MESSAGES.notFound);
    if (user.role_name === 'admin') throw forbidden(USER_ADMIN_MESSAGES.cannotDeleteAdmin, 'admin_user');
    refuseIf(userManageRefusal(grantorOf(req.auth!), roleOfUser(user)));
    const expected = expectedVersion(req);
    await audited(app, actorOf(req.auth!.user), async ({ tx, record, claim }) => {
      await claim(USER_RECORD, user.id, expected);
      await deleteUser(tx, user.id);
      await record(userDeleted(user));
    });
    return reply.status(204).send(null);
  });
}
