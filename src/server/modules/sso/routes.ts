import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import {
  AuthResponseSchema,
  SSO_MESSAGES,
  SsoCallbackQuerySchema,
  SsoInfoSchema,
  SsoLogoutRequestSchema,
  SsoLogoutResponseSchema,
  SsoRedeemRequestSchema,
  SsoStartQuerySchema,
} from '../../../contract';
import { audited } from '../../audit/audited';
import { AppError, badRequest, unauthorized } from '../../plugins/errors';
import { familyOfToken, revokeByToken } from '../auth';
import { SsoRefused } from './flow/accounts';
import { BROWSER_COOKIE, FLOW_SECONDS, finishFlow, startFlow, takeFlow } from './flow/flows';
import type { SsoProvider } from './provider';
import { claimsOf, signInAccount, ssoSession } from './flow/sign-in';
import { ssoSignInFailed } from './sso-audit';
import { createHandoff, findSsoSession, spendHandoff } from './sso-sessions';

const tags = ['auth'];
const CALLBACK_PATH = '/api/auth/oidc/callback';

/** The origin users reach us at: KG_PUBLIC_URL, else the request's (its proxy headers only with KG_TRUST_PROXY). */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Where a sign-in may return: a path on this server ("/nodes?x=1", never "//host" or "/\\host"),
 * or a page on an origin the operator allowed for embedding (KG_CORS_ORIGINS: a portal with widgets).
 */
export function safeReturnTo(app: FastifyInstance, raw: string | undefined): string | null {
  const value = raw ?? '/';
  // eslint-disable-next-line no-control-regex -- a control character in a path is refused, that is the point
  if (/^\/(?![/\\])/.test(value) && !/[\u0000-\u001f\\]/.test(value)) return value.split('#')[0];
  try {
    const url = new URL(value);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && app.config.corsOrigins.includes(url.origin)) return url.href.split('#')[0];
  } catch {
    // not a URL: refused below
  }
  return null;
}

const withFragment = (target: string, key: 'kg-sso' | 'kg-sso-error', value: string) => `${target}#${key}=${encodeURIComponent(value)}`;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function bindingCookie(value: string, maxAge: number, secure: boolean): string {
  return `${BROWSER_COOKIE}=${value}; Path=/api/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

function notConfigured(): AppError {
  return new AppError(404, 'sso_not_configured', SSO_MESSAGES.notConfigured);
}

/** The sign-in page's question, the redirect sign-in (start, callback, the one-time code) and signing out with the provider. */
export async function ssoRoutes(app: FastifyInstance, provider: SsoProvider | null) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/auth/sso', { schema: { tags, summary: 'Whether sign-in with the identity provider is offered (public)', response: { 200: SsoInfoSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!provider) return { enabled: false, name: null, status: null, localLogin: app.config.localLogin };
    await provider.get();
    return { enabled: true, name: provider.config.displayName, status: provider.status, localLogin: app.config.localLogin };
  });

  r.get(
    '/auth/oidc/start',
    { schema: { tags, summary: 'Start signing in with the identity provider (redirects there)', querystring: SsoStartQuerySchema } },
    async (request, reply) => {
      if (!provider) throw notConfigured();
      const returnTo = safeReturnTo(app, request.query.returnTo);
      if (!returnTo) throw badRequest(SSO_MESSAGES.returnToInvalid, 'return_to_invalid');
      const info = await provider.get();
      if (!info) return reply.redirect(withFragment(returnTo, 'kg-sso-error', 'provider_unreachable'));
      const origin = publicOrigin(app, request);
      const flow = await startFlow(app.db, info, provider.config.scopes, `${origin}${CALLBACK_PATH}`, returnTo);
      reply.header('set-cookie', bindingCookie(flow.browserBinding, FLOW_SECONDS, origin.startsWith('https:')));
      reply.header('cache-control', 'no-store');
      return reply.redirect(flow.url.href);
    },
  );

  r.get(
    '/auth/oidc/callback',
    { schema: { tags, summary: "The provider's redirect back (redirect URI)", querystring: SsoCallbackQuerySchema } },
    async (request, reply) => callback(app, provider, request, reply),
  );

  r.post(
    '/auth/oidc/redeem',
    { schema: { tags, summary: 'Trade the one-time code of a finished sign-in for the session tokens', body: SsoRedeemRequestSchema, response: { 200: AuthResponseSchema } } },
    async (request) => {
      if (!provider) throw notConfigured();
      const pending = await spendHandoff(app.db, request.body.code, provider.config.issuer);
      if (!pending) throw unauthorized(SSO_MESSAGES.codeInvalid, 'sso_code_invalid');
      try {
        return await ssoSession(app, pending, 'redirect', request.ip);
      } catch (err) {
        if (err instanceof SsoRefused) throw unauthorized(SSO_MESSAGES.codeInvalid, 'account_inactive');
        throw err;
      }
    },
  );

  r.post(
    '/auth/oidc/logout',
    {
      schema: {
        tags,
        summary: 'Sign out here and get the provider’s sign-out address (RP-initiated logout) when it offers one',
        body: SsoLogoutRequestSchema,
        response: { 200: SsoLogoutResponseSchema },
      },
    },
    async (request) => {
      const token = request.body.refreshToken;
      if (!token) return { endSessionUrl: null };
      const family = await familyOfToken(app.db, token);
      const sso = family ? await findSsoSession(app.db, family) : null;
      await revokeByToken(app.db, token);
      const info = provider && sso ? await provider.get() : null;
      if (!info?.endSessionEndpoint || !sso) return { endSessionUrl: null };
      const url = oidc.buildEndSessionUrl(info.configuration, {
        ...(sso.id_token ? { id_token_hint: sso.id_token } : {}),
        post_logout_redirect_uri: `${publicOrigin(app, request)}/login`,
      });
      return { endSessionUrl: url.href };
    },
  );
}

async function callback(app: FastifyInstance, provider: SsoProvider | null, request: FastifyRequest<{ Querystring: z.infer<typeof SsoCallbackQuerySchema> }>, reply: FastifyReply) {
  if (!provider) throw notConfigured();
  const query = request.query;
  const fail = async (target: string, reason: string, subject: string | null = null) => {
    await audited(app, null, ({ record }) => record(ssoSignInFailed(provider.config.issuer, subject, reason, 'redirect', request.ip)));
    return reply.redirect(withFragment(target, 'kg-sso-error', reason));
  };
  const origin = publicOrigin(app, request);
  reply.header('set-cookie', bindingCookie('', 0, origin.startsWith('https:')));
  reply.header('cache-control', 'no-store');
  const flow = query.state ? await takeFlow(app.db, query.state, cookieOf(request, BROWSER_COOKIE)) : null;
  if (!flow) return fail('/login', 'invalid_callback');
  if (query.error) return fail(flow.returnTo, query.error === 'access_denied' ? 'cancelled' : 'failed');
  const info = await provider.get();
  if (!info) return fail(flow.returnTo, 'provider_unreachable');
  let tokens: Awaited<ReturnType<typeof finishFlow>>;
  try {
    const search = new URL(request.url, 'http://x').search.slice(1);
    tokens = await finishFlow(info, flow, search);
  } catch (err) {
    app.log.warn({ err }, 'Single sign-on: the provider’s answer was refused');
    return fail(flow.returnTo, 'invalid_callback');
  }
  const claims = await claimsOf(info, tokens);
  const subject = String(claims.sub);
  try {
    const user = await signInAccount(app, { issuer: info.issuer, subject, claims }, 'redirect', request.ip);
    const code = await createHandoff(
      app.db,
      {
        userId: user.id,
        issuer: info.issuer,
        subject,
        providerSid: typeof claims.sid === 'string' ? claims.sid : null,
        idToken: tokens.id_token ?? null,
        providerRefresh: tokens.refresh_token ?? null,
      },
      app.tokenSecret,
    );
    return reply.redirect(withFragment(flow.returnTo, 'kg-sso', code));
  } catch (err) {
    if (err instanceof SsoRefused) return reply.redirect(withFragment(flow.returnTo, 'kg-sso-error', err.reason));
    throw err;
  }
}
