import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AuthResponseSchema,
  CheckUsernameRequestSchema,
  CheckUsernameResponseSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  MESSAGES,
  MeResponseSchema,
  ProfileUpdateRequestSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  SSO_MESSAGES,
  UserSchema,
  VerifyPasswordRequestSchema,
  VerifyPasswordResponseSchema,
} from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { recordEvent } from '../../audit/record';
import { AppError, badRequest, conflict, forbidden, unauthorized, uniqueViolation } from '../../plugins/errors';
import type { AuthContext } from '../../types';
import { assertPasswordAllowed, dummyPasswordHash, hashPassword, revokeOtherSessions, verifyPassword } from '../credentials';
import { USER_RECORD, accountConflict, assertUsernameFree, findUserById, findUserByLogin, toUser, userCreated, userUpdated, usernameClashes } from '../users';
import { issueSession, liveFamilyOf, revokeByToken, spendRefreshToken, type TokenSettings } from './sessions';
import { expectedVersion } from '../../plugins/versions';
import { registerUser, updateProfile } from './repository';
import { breakGlassSignedIn, signInFailed, signedInEvent, signedOutEverywhere } from './session-audit';

const tags = ['auth'];
const NoContent = z.null().describe('No content');

function signedIn(auth: AuthContext | null): AuthContext {
  if (!auth) throw unauthorized();
  return auth;
}

/**
 * Registration is open to anyone: it says one thing whether the username or the email is taken,
 * so it does not tell an anonymous caller which of the two belongs to an account.
 */
function accountTaken(): AppError {
  return conflict(MESSAGES.auth.accountTaken, 'account_taken');
}
function registrationConflict(err: unknown): never {
  const index = uniqueViolation(err);
  if (index?.includes('username') || index?.includes('email')) throw accountTaken();
  throw err;
}

/** The routes of /auth, one registration function per concern. */
export async function authRoutes(app: FastifyInstance) {
  const tokens = (): TokenSettings => ({
    secret: app.tokenSecret,
    accessTokenTtlSeconds: app.config.accessTokenTtlSeconds,
    refreshTokenTtlDays: app.config.refreshTokenTtlDays,
  });
  registrationRoutes(app, tokens);
  signInRoutes(app, tokens);
  sessionRoutes(app);
  accountRoutes(app);
}

type Tokens = () => TokenSettings;

/** Creating an account: open to anyone, signs the new account in. */
function registrationRoutes(app: FastifyInstance, tokens: Tokens) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/register',
    {
      schema: { tags, summary: 'Create an account (the first one becomes admin)', body: RegisterRequestSchema, response: { 201: AuthResponseSchema } },
    },
    async (request, reply) => {
      if (!app.config.localLogin) throw forbidden(SSO_MESSAGES.registrationOff, 'registration_off');
      const { username, email, password } = request.body;
      assertPasswordAllowed(password, { username, email });
      const passwordHash = await hashPassword(password);
      // The new account is the event's actor, known only inside the transaction: recorded here
      // directly and published after commit, as audited() does.
      const { session, event } = await app.db
        .transaction(async (tx) => {
          if (await usernameClashes(tx, username)) throw accountTaken();
          const user = await registerUser(tx, { username, email, passwordHash });
          const event = await recordEvent(tx, actorOf(user), userCreated(user, AUDIT_ACTIONS.register));
          return { session: await issueSession(tx, user, tokens()), event };
        })
        .catch(registrationConflict);
      app.changes.publish([event]);
      return reply.status(201).send(session);
    },
  );
}

/** Sign-in, token refresh and sign-out of one session. */
function signInRoutes(app: FastifyInstance, tokens: Tokens) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/login',
    {
      schema: { tags, summary: 'Sign in with username or email', body: LoginRequestSchema, response: { 200: AuthResponseSchema } },
    },
    async (request) => {
      const { login, password } = request.body;
      const user = await findUserByLogin(app.db, login);
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      // KG_LOCAL_LOGIN=off: passwords still work for local admins (break-glass, audited as such).
      const breakGlass = !app.config.localLogin;
      if (!user || !ok || !user.is_active || (breakGlass && user.role_name !== 'admin')) {
        const reason = !user || !ok ? 'invalid_credentials' : !user.is_active ? 'account_inactive' : 'local_login_off';
        await audited(app, null, ({ record }) => record(signInFailed(login, user?.id ?? null, reason, request.ip)));
        if (reason === 'invalid_credentials') throw unauthorized(MESSAGES.auth.invalidCredentials, reason);
        if (reason === 'local_login_off') throw forbidden(SSO_MESSAGES.localLoginOff, reason);
        throw forbidden(MESSAGES.auth.accountInactive, reason);
      }
      return audited(app, actorOf(user), async ({ tx, record }) => {
        const rows = await tx.query<{ last_login: Date }>('UPDATE users SET last_login = now() WHERE id = $1 RETURNING last_login', [user.id]);
        await record(breakGlass ? breakGlassSignedIn(user.id, request.ip) : signedInEvent(user.id, request.ip));
        return issueSession(tx, { ...user, last_login: rows[0].last_login }, tokens());
      });
    },
  );

  r.post(
    '/auth/refresh',
    {
      schema: { tags, summary: 'Exchange a refresh token for a new token pair (rotating)', body: RefreshRequestSchema, response: { 200: AuthResponseSchema } },
    },
    async (request) => {
      // Checks outside the transaction: one may ask the identity provider (modules/sso), which takes time.
      const live = await liveFamilyOf(app.db, request.body.refreshToken);
      if (live) {
        for (const check of app.sessionChecks) {
          if ((await check(live.familyId)) === 'end') throw unauthorized(SSO_MESSAGES.recheckFailed, 'sso_recheck_failed');
        }
      }
      const outcome = await app.db.transaction(async (tx) => {
        const spent = await spendRefreshToken(tx, request.body.refreshToken);
        if (!spent.ok) return spent;
        const user = await findUserById(tx, spent.userId);
        if (!user || !user.is_active) return { ok: false as const, reason: 'inactive' as const };
        return { ok: true as const, session: await issueSession(tx, user, tokens(), spent.familyId) };
      });
      if (!outcome.ok) {
        if (outcome.reason === 'inactive') throw unauthorized(MESSAGES.auth.accountInactive, 'account_inactive');
        throw unauthorized(MESSAGES.auth.sessionExpired, outcome.reason === 'reused' ? 'token_reused' : 'token_invalid');
      }
      return outcome.session;
    },
  );

  r.post(
    '/auth/logout',
    { schema: { tags, summary: 'End the session of a refresh token', body: LogoutRequestSchema.optional(), response: { 204: NoContent } } },
    async (request, reply) => {
      const token = request.body?.refreshToken;
      if (token) await revokeByToken(app.db, token);
      return reply.status(204).send(null);
    },
  );
}

/** Ending every session of the signed-in user. */
function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/logout-all',
    {
      schema: {
        tags,
        summary: 'Sign out everywhere: end every session of the signed-in user, this one included',
        description: 'Revokes all of your refresh tokens; the access tokens already issued for them are refused from their next request on.',
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request.auth);
      await audited(app, actorOf(user), async ({ tx, record }) => {
        await revokeOtherSessions(tx, user.id, null);
        await record(signedOutEverywhere(user.id));
      });
      return reply.status(204).send(null);
    },
  );
}

/** The signed-in user's own account: who am I, password check, username check, profile and password change. */
function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/auth/me', { schema: { tags, summary: 'The signed-in user', response: { 200: MeResponseSchema } } }, async (request) => ({
    user: toUser(signedIn(request.auth).user),
  }));

  r.post(
    '/auth/verify-password',
    {
      schema: { tags, summary: "Check the signed-in user's current password", body: VerifyPasswordRequestSchema, response: { 200: VerifyPasswordResponseSchema } },
    },
    async (request) => {
      const { user } = signedIn(request.auth);
      if (!(await verifyPassword(request.body.password, user.password_hash))) {
        throw badRequest(MESSAGES.auth.incorrectPassword, 'incorrect_password');
      }
      return { valid: true as const };
    },
  );

  r.post(
    '/auth/check-username',
    { schema: { tags, summary: 'Is a username free (ignoring your own)?', body: CheckUsernameRequestSchema, response: { 200: CheckUsernameResponseSchema } } },
    async (request) => ({ available: !(await usernameClashes(app.db, request.body.username, signedIn(request.auth).user.id)) }),
  );

  r.put(
    '/auth/profile',
    { schema: { tags, summary: 'Update your own profile (only changed fields)', body: ProfileUpdateRequestSchema, response: { 200: UserSchema } } },
    async (request) => {
      const { user } = signedIn(request.auth);
      const { password, currentPassword, ...fields } = request.body;
      let passwordHash: string | undefined;
      if (password !== undefined) {
        if (!(await verifyPassword(currentPassword ?? '', user.password_hash))) {
          throw badRequest(MESSAGES.auth.incorrectPassword, 'incorrect_password');
        }
        assertPasswordAllowed(password, { username: fields.username ?? user.username, email: fields.email ?? user.email });
        passwordHash = await hashPassword(password);
      }
      const expected = expectedVersion(request);
      const updated = await audited(app, actorOf(user), async ({ tx, record, claim }) => {
        await claim(USER_RECORD, user.id, expected);
        if (fields.username !== undefined) await assertUsernameFree(tx, fields.username, user);
        const row = await updateProfile(tx, user.id, { ...fields, passwordHash });
        // A new password ends the user's other sessions (someone who knew the old one is
        // signed out); the session that changed it stays signed in.
        if (row && passwordHash) await revokeOtherSessions(tx, user.id, request.auth?.sessionId ?? null);
        const event = row && userUpdated(user, row, passwordHash !== undefined);
        if (event) await record(event);
        return row;
      }).catch(accountConflict);
      if (!updated) throw new AppError(404, 'not_found', MESSAGES.generic.notFound);
      return toUser(updated);
    },
  );
}
