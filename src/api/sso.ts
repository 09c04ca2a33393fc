import type { AuthResponse, SsoInfo } from '../contract';
import type { ApiClient } from './client';
import { resolveApiBase } from './storage-keys';

/**
 * Single sign-on in the browser: what the server offers (GET /auth/sso), where the redirect sign-in
 * starts, the one-time code the server sends back in the page's fragment (#kg-sso=…, never a token
 * in a URL) traded for the session's tokens, and a provider token handed over by a portal page.
 */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

export const ssoApi = (api: ApiClient) => ({
  info: () => api.request<SsoInfo>('/auth/sso', { anonymous: true }),
  redeem: (code: string) => api.request<AuthResponse>('/auth/oidc/redeem', { method: 'POST', body: { code }, anonymous: true }),
  /** Ends the session here; the provider's sign-out address when it offers RP-initiated logout. */
  logout: (refreshToken: string | null) =>
    api.request<{ endSessionUrl: string | null }>('/auth/oidc/logout', { method: 'POST', body: refreshToken ? { refreshToken } : {}, anonymous: true }),
  /** RFC 8693: the provider's access or ID token (a JWT) for a session here. */
  exchange: (token: string) =>
    api.request<AuthResponse>('/auth/token-exchange', {
      method: 'POST',
      body: { grant_type: TOKEN_EXCHANGE_GRANT, subject_token: token, subject_token_type: 'urn:ietf:params:oauth:token-type:jwt' },
      anonymous: true,
    }),
});

const infos = new Map<string, Promise<SsoInfo | null>>();

/** The server's single sign-on offer, asked once per API base and page (null when the server cannot say). */
export function ssoInfoFor(api: ApiClient): Promise<SsoInfo | null> {
  let info = infos.get(api.base);
  if (!info) {
    info = ssoApi(api)
      .info()
      .catch(() => null);
    infos.set(api.base, info);
  }
  return info;
}

/**
 * Where the redirect sign-in starts, returning to this page: as a path when the server is this
 * page's origin, else the full address (a portal page; the server accepts it only from an origin
 * allowed for embedding).
 */
export function ssoStartUrl(api: ApiClient, returnTo?: string): string {
  const server = new URL(resolveApiBase(api.base) + '/', location.href);
  const target = returnTo ?? (server.origin === location.origin ? `${location.pathname}${location.search}` : location.href.split('#')[0]);
  return `${api.base}/api/auth/oidc/start?returnTo=${encodeURIComponent(target)}`;
}

let fragment: { code: string | null; error: string | null } | undefined;

/** #kg-sso=code or #kg-sso-error=reason, read once per page and taken out of the address bar. */
export function takeSsoFragment(): { code: string | null; error: string | null } {
  if (fragment) return fragment;
  fragment = { code: null, error: null };
  if (typeof location === 'undefined') return fragment;
  const params = new URLSearchParams(location.hash.slice(1));
  const code = params.get('kg-sso');
  const error = params.get('kg-sso-error');
  if (code === null && error === null) return fragment;
  fragment = { code, error };
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return fragment;
}

const redeeming = new Map<string, Promise<boolean>>();

/**
 * Trades the page's one-time code for tokens (once per page and API base, whoever asks first:
 * the host or a widget) and stores them in the shared session. Resolves true when signed in.
 */
export function completeSsoSignIn(api: ApiClient): Promise<boolean> | null {
  const { code } = takeSsoFragment();
  if (!code) return null;
  let pending = redeeming.get(api.base);
  if (!pending) {
    pending = ssoApi(api)
      .redeem(code)
      .then((session) => {
        api.session.setTokens(session.accessToken, session.refreshToken);
        return true;
      })
      .catch(() => {
        fragment = { code: null, error: 'invalid_callback' };
        return false;
      });
    redeeming.set(api.base, pending);
  }
  return pending;
}
