import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { KEY_SET_COOLDOWN_MS, type SsoConfig } from '../sso-config';

/**
 * A real OpenID provider for the tests (oidc-provider, a certified implementation) playing the
 * hospital's identity provider on a free port of 127.0.0.1. Its login page is a plain form (the
 * browser test fills it in; API tests post it with fetch); the staff directory is `accounts`,
 * which a test may change between sign-ins (groups taken away, an account removed).
 */
export interface TestAccount {
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  /** The signing key (private JWK), to make tokens the provider could have made (expired, other audience…). */
  privateJwk: Record<string, unknown>;
  provider: Provider;
  /**
   * Rotates the signing keys as a provider does: a new key (returned, private) is published beside the
   * old one, which stays valid. `jwksFetchedAt` is when the key set was last read.
   */
  rotateKey(): Record<string, unknown>;
  jwksFetchedAt(): number | null;
  /** Stops answering (the provider is "down") until start() again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface TestProviderOptions {
  /** Redirect URIs of the app's client ("kg-app"). */
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string;
  /** A second client, a portal that signed its user in and hands its token over. */
  portalClientId?: string;
}

export const CLIENT_ID = 'kg-app';
export const CLIENT_SECRET = 'kg-app-secret-0123456789';

function loginPage(uid: string): string {
  return `<!doctype html><html lang="en"><head><title>Hospital sign-in</title></head><body>
<h1>Hospital sign-in</h1>
<form method="post" action="/interaction/${uid}/login">
<label>Staff ID <input name="login" autocomplete="off"></label>
<button type="submit">Continue</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</body></html>`;
}

async function formOf(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateJwk = { ...privateKey.export({ format: 'jwk' }), kid: 'hospital-key-1', alg: 'RS256', use: 'sig' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        ...(options.backchannelLogoutUri ? { backchannel_logout_uri: options.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
      },
      ...(options.portalClientId
        ? [{ client_id: options.portalClientId, client_secret: 'portal-secret-0123456789', redirect_uris: ['http://127.0.0.1/portal'], grant_types: ['authorization_code'], response_types: ['code' as const] }]
        : []),
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['test-provider-cookie-key'] },
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'groups'],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email', 'email_verified'], groups: ['groups'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
    },
    // Every session may be refreshed (the hourly re-check uses the refresh token), as Keycloak does.
    issueRefreshToken: async () => true,
    // The scopes' claims (groups among them) in the ID token too, as Keycloak's and Entra's group claims are.
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, AccessToken: 600, IdToken: 600, RefreshToken: 86400, AuthorizationCode: 60 },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  const publicOf = (jwk: Record<string, unknown>) => ({ kty: jwk.kty, n: jwk.n, e: jwk.e, kid: jwk.kid, alg: jwk.alg, use: jwk.use });
  let published: Record<string, unknown>[] | null = null;
  let jwksFetchedAt: number | null = null;
  server.on('request', (req, res) => {
    if (req.url?.split('?')[0] === '/jwks') {
      jwksFetchedAt = Date.now();
      // After a rotation the key set is served here (oidc-provider's own keys are fixed at construction).
      if (published) {
        res.setHeader('content-type', 'application/jwk-set+json');
        return void res.end(JSON.stringify({ keys: published.map(publicOf) }));
      }
    }
    const match = /^\/interaction\/([^/?]+)(\/login|\/abort)?$/.exec(req.url ?? '');
    if (!match) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          res.setHeader('content-type', 'text/html');
          return void res.end(loginPage(details.uid));
        }
        if (match[2] === '/abort') {
          return void (await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'cancelled' }, { mergeWithLastSubmission: false }));
        }
        const login = (await formOf(req)).get('login') ?? '';
        if (!accounts.has(login)) {
          res.setHeader('content-type', 'text/html');
          return void res.end(loginPage(details.uid).replace('<form', '<p role="alert">Unknown staff ID</p><form'));
        }
        const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: login }, consent: { grantId } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    })();
  });

  let listening = true;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    issuer,
    accounts,
    privateJwk,
    provider,
    rotateKey() {
      const { privateKey: next } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const jwk = { ...next.export({ format: 'jwk' }), kid: `hospital-key-${(published?.length ?? 1) + 1}`, alg: 'RS256', use: 'sig' };
      published = [...(published ?? [privateJwk]), jwk];
      return jwk;
    },
    jwksFetchedAt: () => jwksFetchedAt,
    stop,
    async start() {
      if (listening) return;
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      listening = true;
    },
    close: stop,
  };
}

/** A tiny cookie jar for driving the provider with fetch (each response's Set-Cookie, sent back). */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Drives the provider from its authorization URL to the redirect back to the app, as a browser
 * would: the login form with the staff ID, then the redirects. Returns the redirect URI with the
 * code (or the error) that the provider sent the browser to.
 */
export async function signInAtProvider(authorizationUrl: string, login: string | null, jar = new CookieJar()): Promise<string> {
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url).href;
      if (!next.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next;
      continue;
    }
    const page = await res.text();
    const uid = /\/interaction\/([^/"]+)\/login/.exec(page)?.[1];
    if (!uid) throw new Error(`unexpected provider page ${res.status}: ${page.slice(0, 300)}`);
    const action = login === null ? 'abort' : 'login';
    const posted = await fetch(new URL(`/interaction/${uid}/${action}`, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: login ?? '' }).toString(),
    });
    jar.take(posted);
    if (posted.status < 300 || posted.status >= 400) throw new Error(`login at the provider: ${posted.status} ${await posted.text()}`);
    url = new URL(posted.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects at the provider');
}

/** The app's single sign-on settings for a test provider: groups mapped to admin and editor, a portal audience. */
export function ssoConfigFor(issuer: string, overrides: Partial<SsoConfig> = {}): SsoConfig {
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    scopes: 'openid profile email groups offline_access',
    displayName: 'Hospital Login',
    roleClaim: 'groups',
    roleMap: [
      ['kg-admins', 'admin'],
      ['kg-editors', 'editor'],
    ],
    emailDomains: [],
    audiences: ['portal'],
    linkVerifiedEmail: false,
    allowInsecure: true,
    recheckSeconds: 3600,
    keySetCooldownMs: KEY_SET_COOLDOWN_MS,
    ...overrides,
  };
}
