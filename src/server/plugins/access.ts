import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_ACCESS, MESSAGES, hasAccess, type Access } from '../../contract';
import { verifyAccessToken } from '../modules/auth';
import { findUserOfSession, userPermissions } from '../modules/users';
import type { AuthContext } from '../types';
import { forbidden, unauthorized } from './errors';

export const API_PREFIX = '/api';
/** Routes under /api that are not part of the API contract (documentation). */
const UNGUARDED = [`${API_PREFIX}/docs`];

/** `GET /api/nodes/:id` → `GET /nodes/:id`, the key of the contract's access table. */
export function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url.slice(API_PREFIX.length) || '/'}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Resolves the bearer token to an active user whose sign-in is still live, or null when there is no
 * token. Throws 401 for a bad one. A token is only as good as its sign-in (`sid`, the refresh-token
 * family): sign out everywhere, a password or role change and deactivation revoke it, and the
 * token is refused on its next request, on every instance (the check is in the database).
 */
export async function authenticate(app: FastifyInstance, token: string | undefined): Promise<AuthContext | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(token, app.tokenSecret);
  if (!claims?.sid || !UUID.test(claims.sid)) throw unauthorized(MESSAGES.auth.sessionExpired, 'token_invalid');
  const user = await findUserOfSession(app.db, claims.sub, claims.sid);
  if (!user) throw unauthorized(MESSAGES.auth.sessionExpired, 'token_invalid');
  if (!user.is_active) throw unauthorized(MESSAGES.auth.accountInactive, 'account_inactive');
  if (!user.session_live) throw unauthorized(MESSAGES.auth.sessionExpired, 'session_revoked');
  return { user, permissions: userPermissions(user), sessionId: claims.sid, expiresAt: claims.exp * 1000 };
}

/** The token of an `Authorization: Bearer …` header; the scheme name is case-insensitive (RFC 9110 §11.1). */
export function bearer(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

const GUARD = Symbol('kg.guard');

function guard(app: FastifyInstance, access: Access): onRequestHookHandler {
  const hook: onRequestHookHandler & { [GUARD]?: true } = async (request) => {
    request.auth = await authenticate(app, bearer(request));
    if (access === 'public') return;
    if (!request.auth) throw unauthorized();
    if (!hasAccess(access, request.auth.permissions)) throw forbidden();
  };
  hook[GUARD] = true;
  return hook;
}

/**
 * Every API route must appear in the contract's access table: registering one that does
 * not is a start-up error, so no route can ship without a rule. The rule is checked in
 * onRequest, before the body is read, so anonymous uploads are refused without parsing.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    if (UNGUARDED.some((p) => route.url === p || route.url.startsWith(`${p}/`))) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'OPTIONS') continue;
      const key = routeKey(method, route.url);
      const access = (API_ACCESS as Record<string, Access>)[key];
      if (!access) throw new Error(`Route ${key} has no entry in src/contract/access/access.ts`);
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      // Fastify's automatic HEAD route copies the GET route's hooks, guard included.
      if (existing.some((h) => GUARD in h)) continue;
      route.onRequest = [guard(app, access), ...existing];
    }
  });
});
