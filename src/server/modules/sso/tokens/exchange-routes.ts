import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BackchannelLogoutRequestSchema, SSO_MESSAGES, TokenExchangeRequestSchema, TokenExchangeResponseSchema } from '../../../../contract';
import { audited } from '../../../audit/audited';
import { AppError } from '../../../plugins/errors';
import { SsoRefused } from '../flow/accounts';
import type { Claims } from '../flow/claims';
import type { SsoProvider } from '../provider';
import { TokenRefused, verifyProviderJwt } from './provider-tokens';
import { signInAccount, ssoSession } from '../flow/sign-in';
import { ssoSignedOut, ssoSignInFailed } from '../sso-audit';
import { revokeProviderSessions } from '../sso-sessions';

const tags = ['auth'];
const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const TOKEN_TYPES = new Set(['urn:ietf:params:oauth:token-type:access_token', 'urn:ietf:params:oauth:token-type:id_token', 'urn:ietf:params:oauth:token-type:jwt']);
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How old a logout token may be (its iat): a replayed old one is refused. */
const LOGOUT_TOKEN_MAX_AGE_S = 300;

/** RFC 8693 §2.2.2's error shape alongside ours: `error` is the RFC's code, `code` ours. */
function exchangeError(status: number, rfcCode: string, message: string, code: string): AppError {
  return new AppError(status, code, message, undefined, { error_description: message, oauth_error: rfcCode });
}

/**
 * Portals that already signed their user in hand the provider's token over (RFC 8693 token exchange)
 * and get a session here; the provider tells us of a sign-out at its end (OpenID back-channel logout).
 * Both take the RFC's form encoding; the exchange takes JSON too.
 */
export async function exchangeRoutes(app: FastifyInstance, provider: SsoProvider | null) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_request, body, done) => {
    const params = new URLSearchParams(body as string);
    const fields: Record<string, string> = {};
    for (const [key, value] of params) {
      // A field given twice is ambiguous (RFC 6749 §3.2): refused by validation as an array.
      if (key in fields) return done(null, { ...fields, [key]: [fields[key], value] });
      fields[key] = value;
    }
    done(null, fields);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/token-exchange',
    {
      schema: {
        tags,
        summary: "Exchange the identity provider's access or ID token for a session here (RFC 8693)",
        description:
          'For portals that already signed their user in. The token must be signed with a key of the provider’s JWKS (a public-key algorithm), be issued by the configured issuer, be addressed to our client id or one of KG_OIDC_AUDIENCES, and be unexpired.',
        body: TokenExchangeRequestSchema,
        response: { 200: TokenExchangeResponseSchema },
      },
    },
    async (request, reply) => {
      if (!provider) throw new AppError(404, 'sso_not_configured', SSO_MESSAGES.notConfigured);
      const body = request.body;
      if (body.grant_type !== GRANT) throw exchangeError(400, 'unsupported_grant_type', SSO_MESSAGES.grantUnsupported, 'unsupported_grant_type');
      if (!TOKEN_TYPES.has(body.subject_token_type)) throw exchangeError(400, 'invalid_request', SSO_MESSAGES.tokenTypeUnsupported, 'token_type_unsupported');
      const info = await provider.get();
      if (!info) throw exchangeError(503, 'temporarily_unavailable', SSO_MESSAGES.providerUnreachable, 'provider_unreachable');
      let claims: Claims;
      try {
        claims = await verifyProviderJwt(info, body.subject_token, { audiences: [provider.config.clientId, ...provider.config.audiences], requireSubject: true });
      } catch (err) {
        if (!(err instanceof TokenRefused)) throw err;
        await audited(app, null, ({ record }) => record(ssoSignInFailed(info.issuer, null, `token_${err.reason}`, 'token_exchange', request.ip)));
        if (err.reason === 'provider_unreachable') throw exchangeError(503, 'temporarily_unavailable', SSO_MESSAGES.providerUnreachable, 'provider_unreachable');
        throw exchangeError(400, 'invalid_grant', SSO_MESSAGES.tokenRefused, `token_${err.reason}`);
      }
      const subject = String(claims.sub);
      try {
        const user = await signInAccount(app, { issuer: info.issuer, subject, claims }, 'token_exchange', request.ip);
        const session = await ssoSession(
          app,
          { userId: user.id, issuer: info.issuer, subject, providerSid: typeof claims.sid === 'string' ? claims.sid : null, idToken: null, sealedRefresh: null },
          'token_exchange',
          request.ip,
        );
        reply.header('cache-control', 'no-store');
        return {
          ...session,
          access_token: session.accessToken,
          refresh_token: session.refreshToken,
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token' as const,
          token_type: 'Bearer' as const,
          expires_in: app.config.accessTokenTtlSeconds,
        };
      } catch (err) {
        if (err instanceof SsoRefused) throw exchangeError(403, 'invalid_grant', SSO_MESSAGES.tokenRefused, err.reason);
        throw err;
      }
    },
  );

  r.post(
    '/auth/oidc/backchannel-logout',
    {
      schema: {
        tags,
        summary: 'OpenID back-channel logout: the provider ends a user’s sessions here',
        description: 'Form-encoded `logout_token` signed by the provider; every session of its `sid` (or, without one, of its `sub`) is revoked.',
        body: BackchannelLogoutRequestSchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!provider) throw new AppError(404, 'sso_not_configured', SSO_MESSAGES.notConfigured);
      const info = await provider.get();
      if (!info) throw exchangeError(503, 'temporarily_unavailable', SSO_MESSAGES.providerUnreachable, 'provider_unreachable');
      let claims: Claims;
      try {
        claims = await verifyProviderJwt(info, request.body.logout_token, { audiences: [provider.config.clientId], requireSubject: false, maxAgeSeconds: LOGOUT_TOKEN_MAX_AGE_S });
      } catch (err) {
        if (!(err instanceof TokenRefused)) throw err;
        throw exchangeError(400, 'invalid_request', SSO_MESSAGES.logoutTokenRefused, `logout_token_${err.reason}`);
      }
      const events = claims.events;
      const subject = typeof claims.sub === 'string' ? claims.sub : null;
      const sid = typeof claims.sid === 'string' ? claims.sid : null;
      const isLogout = !!events && typeof events === 'object' && LOGOUT_EVENT in events;
      // A logout token is never an ID token (no nonce) and names a user or a provider session.
      if (!isLogout || 'nonce' in claims || (!subject && !sid)) throw exchangeError(400, 'invalid_request', SSO_MESSAGES.logoutTokenRefused, 'logout_token_claims');
      await audited(app, null, async ({ tx, record }) => {
        const ended = await revokeProviderSessions(tx, info.issuer, subject, sid);
        for (const { userId, count } of ended) await record(ssoSignedOut(userId, info.issuer, subject ?? '', count));
      });
      return reply.status(200).send();
    },
  );
}
