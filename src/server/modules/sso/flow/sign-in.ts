import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { actorOf, audited } from '../../../audit/audited';
import type { AuthResponse } from '../../../../contract';
import { issueSessionIn, type TokenSettings } from '../../auth';
import { findUserById } from '../../users';
import { accountFor, SsoRefused, type Identity } from './accounts';
import type { Claims } from './claims';
import type { ProviderInfo } from '../provider';
import { ssoSignedIn, ssoSignInFailed, type SsoVia } from '../sso-audit';
import { storeSsoSession, type SsoSessionData } from '../sso-sessions';

/**
 * Turning what the provider asserted into an account and a session here, the same for the redirect
 * sign-in and a token handed over by a portal: the account (accounts.ts) and the audit event in one
 * transaction; a refusal is audited too, with the provider, the subject and the reason.
 */
export function tokenSettings(app: FastifyInstance): TokenSettings {
  return { secret: app.tokenSecret, accessTokenTtlSeconds: app.config.accessTokenTtlSeconds, refreshTokenTtlDays: app.config.refreshTokenTtlDays };
}

/** The ID token's claims with the userinfo answer over them (some providers put groups only there). */
export async function claimsOf(provider: ProviderInfo, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<Claims> {
  const idClaims = (tokens.claims() ?? {}) as Claims;
  const subject = typeof idClaims.sub === 'string' ? idClaims.sub : null;
  if (!subject || !provider.configuration.serverMetadata().userinfo_endpoint) return idClaims;
  try {
    const info = await oidc.fetchUserInfo(provider.configuration, tokens.access_token, subject);
    return { ...idClaims, ...info, sub: subject };
  } catch {
    return idClaims;
  }
}

/** Resolves the account; throws SsoRefused after auditing the refusal. */
export async function signInAccount(app: FastifyInstance, identity: Identity, via: SsoVia, ip: string) {
  const config = app.config.sso!;
  try {
    return await audited(app, null, async (a) => {
      const { user } = await accountFor(a, config, identity);
      return user;
    });
  } catch (err) {
    if (err instanceof SsoRefused) {
      await audited(app, null, ({ record }) => record(ssoSignInFailed(identity.issuer, identity.subject, err.reason, via, ip, err.userId)));
    }
    throw err;
  }
}

/** A session here for an account the provider vouched for, recorded as an SSO sign-in. */
export async function ssoSession(app: FastifyInstance, data: Omit<SsoSessionData, 'providerRefresh'> & { sealedRefresh: string | null }, via: SsoVia, ip: string): Promise<AuthResponse> {
  const user = await findUserById(app.db, data.userId);
  if (!user || !user.is_active) throw new SsoRefused('account_inactive', data.userId);
  return audited(app, actorOf(user), async ({ tx, record }) => {
    const rows = await tx.query<{ last_login: Date }>('UPDATE users SET last_login = now() WHERE id = $1 RETURNING last_login', [user.id]);
    const { session, familyId } = await issueSessionIn(tx, { ...user, last_login: rows[0].last_login }, tokenSettings(app));
    await storeSsoSession(tx, familyId, data);
    await record(ssoSignedIn(user.id, data.issuer, data.subject, via, ip));
    return session;
  });
}
