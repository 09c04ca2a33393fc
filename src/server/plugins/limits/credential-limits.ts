import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../../contract';
import { attemptCounterFor, type AttemptCounter } from '../../modules/auth';
import { findUserByLogin } from '../../modules/users';
import { routeKey } from '../access';
import { addressBucket } from './client-address';
import { AppError } from '../errors';

/** The credential routes' budget is per minute. */
export const CREDENTIAL_WINDOW_MS = 60_000;

/**
 * The routes that check or hand out credentials (contract keys). They share ONE budget per client
 * address, so spreading guesses over several routes gains nothing. Sign-in and password checks
 * also count against the account they aim at. A new password change or reset route belongs here.
 * PUT /auth/profile counts only when it carries a password (a password change checks the current one).
 */
export const CREDENTIAL_ROUTES: Record<string, 'address' | 'login' | 'signed-in account' | 'password change'> = {
  'POST /auth/login': 'login',
  'POST /auth/register': 'address',
  'POST /auth/refresh': 'address',
  'POST /auth/oidc/redeem': 'address',
  'POST /auth/token-exchange': 'address',
  'POST /auth/check-username': 'address',
  'POST /auth/verify-password': 'signed-in account',
  'PUT /auth/profile': 'password change',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A login name as typed; anything the users table could not hold is just hashed. */
function loginOf(body: unknown): string | null {
  const login = (body as { login?: unknown } | null)?.login;
  return typeof login === 'string' ? login.trim().toLowerCase() : null;
}

/**
 * The account a sign-in aims at: the user it names (by username or email, so both spellings
 * share one budget), or, for a name no account has, the name itself (hashed: no login names
 * are stored).
 */
async function loginBucket(app: FastifyInstance, login: string): Promise<string> {
  const plausible = login.length > 0 && login.length <= 320 && !login.includes('\0');
  const user = plausible ? await findUserByLogin(app.db, login) : null;
  return user ? `account:${user.id}` : `login:${sha256(login)}`;
}

async function bucketsOf(app: FastifyInstance, request: FastifyRequest, kind: (typeof CREDENTIAL_ROUTES)[string]): Promise<string[] | null> {
  const address = addressBucket(request.ip);
  const account = request.auth ? `account:${request.auth.user.id}` : null;
  switch (kind) {
    case 'address':
      return [address];
    case 'login': {
      const login = loginOf(request.body);
      return login === null ? [address] : [address, await loginBucket(app, login)];
    }
    case 'signed-in account':
      return account ? [address, account] : [address];
    case 'password change': {
      const body = request.body as { password?: unknown; currentPassword?: unknown } | null;
      if (body?.password === undefined && body?.currentPassword === undefined) return null;
      return account ? [address, account] : [address];
    }
  }
}

function limiter(app: FastifyInstance, counter: AttemptCounter, kind: (typeof CREDENTIAL_ROUTES)[string]): preValidationHookHandler {
  const limitOf = (bucket: string) => (bucket.startsWith('address:') ? app.config.authRateLimitPerMinute : app.config.authAccountRateLimitPerMinute);
  return async (request, reply) => {
    const buckets = await bucketsOf(app, request, kind);
    if (!buckets) return;
    const over = (await counter.hit(buckets)).filter((c) => c.hits > limitOf(c.bucket));
    if (over.length === 0) return;
    const waitMs = Math.max(...over.map((c) => c.resetMs));
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw new AppError(429, 'rate_limited', MESSAGES.auth.tooManyAttempts);
  };
}

/**
 * Rate limits for the credential routes: one budget per client address (KG_AUTH_RATE_LIMIT a
 * minute) over all of them, and one per account (KG_AUTH_ACCOUNT_RATE_LIMIT a minute) for sign-in
 * and password checks, so one address cannot try many passwords on each of many accounts and many
 * addresses cannot hammer one account. Counted in the database on PostgreSQL (all instances share
 * the budget), in memory on the embedded database. Runs in preValidation: after the access guard
 * (which knows the signed-in user) and before the schema check, so malformed attempts count too.
 */
export const credentialLimitsPlugin = fp(async (app: FastifyInstance) => {
  const counter = attemptCounterFor(app.db, CREDENTIAL_WINDOW_MS);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const kind = methods.map((m) => CREDENTIAL_ROUTES[routeKey(m, route.url)]).find(Boolean);
    if (!kind) return;
    const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
    route.preValidation = [limiter(app, counter, kind), ...existing];
  });
  const sweep = setInterval(() => {
    counter.sweep().catch((err: unknown) => app.log.warn({ err }, 'could not sweep the credential attempt counters'));
  }, CREDENTIAL_WINDOW_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
});
