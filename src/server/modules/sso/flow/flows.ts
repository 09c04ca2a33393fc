import * as oidc from 'openid-client';
import type { Queryable } from '../../../db/db';
import type { ProviderInfo } from '../provider';
import { randomCode, sha256 } from '../tokens/secret-box';

/**
 * The authorization-code flow with PKCE. A start keeps the state (by its hash), the PKCE verifier,
 * the nonce, the redirect URI and the page to return to for ten minutes, bound to the browser that
 * started it by a random value in an HttpOnly cookie: a callback from another browser (a victim made
 * to finish an attacker's sign-in, "login CSRF") or a second use of the same state finds nothing.
 */
export const FLOW_SECONDS = 600;
export const BROWSER_COOKIE = 'kg_sso';

export interface StartedFlow {
  url: URL;
  browserBinding: string;
}

export async function startFlow(db: Queryable, provider: ProviderInfo, scopes: string, redirectUri: string, returnTo: string): Promise<StartedFlow> {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browserBinding = randomCode();
  await db.query('DELETE FROM sso_flows WHERE expires_at < now()');
  await db.query(
    `INSERT INTO sso_flows (state_hash, browser_hash, code_verifier, nonce, redirect_uri, return_to, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [sha256(state), sha256(browserBinding), verifier, nonce, redirectUri, returnTo, FLOW_SECONDS],
  );
  const url = oidc.buildAuthorizationUrl(provider.configuration, {
    redirect_uri: redirectUri,
    scope: scopes,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url, browserBinding };
}

export interface PendingFlow {
  codeVerifier: string;
  nonce: string;
  state: string;
  redirectUri: string;
  returnTo: string;
}

/** Takes the flow the callback's state names (one use); null when it is unknown, expired or from another browser. */
export async function takeFlow(db: Queryable, state: string, browserBinding: string | undefined): Promise<PendingFlow | null> {
  const rows = await db.query<{ browser_hash: string; code_verifier: string; nonce: string; redirect_uri: string; return_to: string }>(
    'DELETE FROM sso_flows WHERE state_hash = $1 AND expires_at > now() RETURNING browser_hash, code_verifier, nonce, redirect_uri, return_to',
    [sha256(state)],
  );
  const row = rows[0];
  if (!row || !browserBinding || sha256(browserBinding) !== row.browser_hash) return null;
  return { codeVerifier: row.code_verifier, nonce: row.nonce, state, redirectUri: row.redirect_uri, returnTo: row.return_to };
}

/** The code for tokens at the provider: openid-client checks state, iss, the ID token (signature, nonce, audience, expiry). */
export async function finishFlow(provider: ProviderInfo, flow: PendingFlow, callbackQuery: string) {
  const current = new URL(`${flow.redirectUri}?${callbackQuery}`);
  return oidc.authorizationCodeGrant(provider.configuration, current, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
}
