import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { audited } from '../../audit/audited';
import { findUserById } from '../users';
import { applyClaims } from './flow/accounts';
import { emailDomainAllowed, type Claims } from './flow/claims';
import type { SsoProvider } from './provider';
import { open, seal } from './tokens/secret-box';
import { findSsoSession, markChecked } from './sso-sessions';

/**
 * The hourly re-check of a session that came from the provider, run when the session is refreshed:
 * at most every `KG_OIDC_RECHECK_SECONDS` (3600) the provider's refresh token is used at the
 * provider. Staff disabled there get `invalid_grant` and the session ends here; the claims it
 * answers with are applied again (a user taken out of the mapped groups loses the role). A session
 * without a provider refresh token (a token handed over by a portal, a provider that issues none)
 * cannot be re-checked and ends after the interval: the page signs in or hands a token over again.
 * While the provider cannot be reached the session goes on for at most one more interval.
 */
export type Verdict = 'ok' | 'end';

export async function recheckSession(app: FastifyInstance, provider: SsoProvider, familyId: string): Promise<Verdict> {
  const row = await findSsoSession(app.db, familyId);
  if (!row) return 'ok';
  const interval = provider.config.recheckSeconds * 1000;
  const age = Date.now() - row.checked_at.getTime();
  if (age < interval) return 'ok';
  const refresh = row.provider_refresh ? open(row.provider_refresh, app.tokenSecret) : null;
  if (!refresh) return 'end';
  const info = await provider.get();
  if (!info) return age < 2 * interval ? 'ok' : 'end';
  let claims: Claims;
  let rotated: string | undefined;
  try {
    const tokens = await oidc.refreshTokenGrant(info.configuration, refresh);
    rotated = tokens.refresh_token;
    claims = (tokens.id_token ? tokens.claims() : undefined) ?? {};
    if (info.configuration.serverMetadata().userinfo_endpoint) {
      const userinfo = await oidc.fetchUserInfo(info.configuration, tokens.access_token, row.subject);
      claims = { ...claims, ...userinfo };
    }
  } catch (err) {
    // The provider answered and refused (the user or the grant is gone): the session ends.
    if (err instanceof oidc.ResponseBodyError || err instanceof oidc.WWWAuthenticateChallengeError) return 'end';
    app.log.warn({ err }, 'Single sign-on: the hourly re-check could not reach the provider');
    return age < 2 * interval ? 'ok' : 'end';
  }
  if (claims.sub !== undefined && claims.sub !== row.subject) return 'end';
  if (!emailDomainAllowed(provider.config, claims)) return 'end';
  const user = await findUserById(app.db, row.user_id);
  if (!user || !user.is_active) return 'end';
  await audited(app, null, async (a) => {
    await applyClaims(a, provider.config, user, { issuer: row.issuer, subject: row.subject, claims });
    await markChecked(a.tx, familyId, rotated ? seal(rotated, app.tokenSecret) : null);
  });
  return 'ok';
}
