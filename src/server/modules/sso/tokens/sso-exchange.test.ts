import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, importJWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../../contract';
import { testApp, type TestApp } from '../../../test/harness';
import { CLIENT_ID, signInAtProvider, ssoConfigFor, startTestProvider, type TestProvider } from '../../../test/identity-provider';

/**
 * Tokens that reach us from elsewhere: a portal's token exchanged for a session (RFC 8693) and the
 * provider's back-channel logout. A real provider issues the good tokens; the refused ones are made
 * with its key or a forger's (expired, other audience, other issuer, `alg: none`, HMAC with the public key).
 */
const PUBLIC = 'http://kg.test';
const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
/** The provider's key set may be read again this soon (the real cooldown is 30 s: sso-config.ts). */
const KEY_SET_COOLDOWN_TEST_MS = 1_500;
let idp: TestProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [`${PUBLIC}/api/auth/oidc/callback`], portalClientId: 'portal', backchannelLogoutUri: `${PUBLIC}/api/auth/oidc/backchannel-logout` });
  idp.accounts.set('erin', { preferred_username: 'erin', email: 'erin@hospital.example', email_verified: true, groups: ['kg-editors'] });
  t = await testApp({ sso: ssoConfigFor(idp.issuer, { keySetCooldownMs: KEY_SET_COOLDOWN_TEST_MS }), publicUrl: PUBLIC });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const cookieFrom = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0];

async function redirectSignIn(login: string): Promise<AuthResponse> {
  const start = await t.call({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2F' });
  const back = await signInAtProvider(String(start.headers.location), login);
  const callback = await t.call({ method: 'GET', url: back.slice(PUBLIC.length), headers: { cookie: cookieFrom(start.headers['set-cookie']) } });
  const code = decodeURIComponent(/#kg-sso=(.+)$/.exec(String(callback.headers.location))![1]);
  return (await t.call({ method: 'POST', url: '/api/auth/oidc/redeem', payload: { code } })).json<AuthResponse>();
}

/** A token as the provider would sign it (its key, its kid), with the claims given. */
async function providerToken(claims: JWTPayload, header: Record<string, unknown> = {}): Promise<string> {
  const key = await importJWK(idp.privateJwk as never, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: idp.issuer, aud: CLIENT_ID, iat: now, exp: now + 300, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'hospital-key-1', ...header })
    .sign(key);
}

const exchange = (subjectToken: string, type = ID_TOKEN) =>
  t.call({
    method: 'POST',
    url: '/api/auth/token-exchange',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: GRANT, subject_token: subjectToken, subject_token_type: type }).toString(),
  });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /api/auth/token-exchange', () => {
  it('exchanges the provider’s own ID token (form-encoded) for a session like sign-in, audited as a token exchange', async () => {
    const first = await redirectSignIn('erin');
    const [{ id_token }] = await t.db.query<{ id_token: string }>('SELECT id_token FROM sso_sessions WHERE user_id = $1', [first.user.id]);
    const res = await exchange(id_token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ user: { username: 'erin', role: 'editor' }, token_type: 'Bearer', issued_token_type: 'urn:ietf:params:oauth:token-type:access_token' });
    expect(body.access_token).toBe(body.accessToken);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: body.accessToken })).statusCode).toBe(200);
    const [event] = await t.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'sso_sign_in' ORDER BY id DESC LIMIT 1");
    expect(event.detail).toMatchObject({ provider: idp.issuer, subject: 'erin', via: 'token_exchange' });
  });

  it('follows the provider’s key rotation: a token signed with a new key is taken once the key set may be read again, the old key still works', async () => {
    expect((await exchange(await providerToken({ sub: 'erin' }))).statusCode).toBe(200);
    const fetched = idp.jwksFetchedAt();
    expect(fetched).not.toBeNull();
    const next = idp.rotateKey();
    const signedWithNext = async () => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: idp.issuer, aud: CLIENT_ID, sub: 'erin', iat: now, exp: now + 300 })
        .setProtectedHeader({ alg: 'RS256', kid: String(next.kid) })
        .sign(await importJWK(next as never, 'RS256'));
    };
    // The key set is read again for an unknown key, but not within the cooldown after the last read
    // (30 s in production, KEY_SET_COOLDOWN_MS; shortened here): wait that out.
    await new Promise((r) => setTimeout(r, Math.max(0, fetched! + KEY_SET_COOLDOWN_TEST_MS + 100 - Date.now())));
    const res = await exchange(await signedWithNext());
    expect(res.statusCode, res.body).toBe(200);
    expect(idp.jwksFetchedAt()!).toBeGreaterThan(fetched!);
    expect((await exchange(await providerToken({ sub: 'erin' }))).statusCode).toBe(200);
  });

  it('takes JSON too, and a portal’s token addressed to one of KG_OIDC_AUDIENCES; the role comes from the token’s groups', async () => {
    const token = await providerToken({ sub: 'frank', aud: 'portal', preferred_username: 'frank', groups: ['kg-admins'] });
    const res = await t.call({ method: 'POST', url: '/api/auth/token-exchange', payload: { grant_type: GRANT, subject_token: token, subject_token_type: 'urn:ietf:params:oauth:token-type:access_token' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'frank', role: 'admin' });
    // The next token without the group: the role follows.
    const later = await exchange(await providerToken({ sub: 'frank', aud: 'portal', groups: [] }));
    expect(later.json().user.role).toBe('viewer');
  });

  it.each([
    ['a forged signature (another key under the provider’s kid)', 'token_signature', async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: idp.issuer, aud: CLIENT_ID, sub: 'mallory', iat: now, exp: now + 300 }).setProtectedHeader({ alg: 'RS256', kid: 'hospital-key-1' }).sign(privateKey);
    }],
    ['an expired token', 'token_expired', () => providerToken({ sub: 'erin', iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['a token for another audience', 'token_audience', () => providerToken({ sub: 'erin', aud: 'some-other-app' })],
    ['a token from another issuer', 'token_issuer', () => providerToken({ sub: 'erin', iss: 'https://evil.example' })],
    ['alg: none', 'token_algorithm', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: idp.issuer, aud: CLIENT_ID, sub: 'erin', iat: 1, exp: 9999999999 })}.`],
    ['HS256 keyed with the provider’s public key', 'token_algorithm', async () => {
      const now = Math.floor(Date.now() / 1000);
      const publicJwk = { kty: idp.privateJwk.kty, n: idp.privateJwk.n, e: idp.privateJwk.e };
      return new SignJWT({ iss: idp.issuer, aud: CLIENT_ID, sub: 'erin', iat: now, exp: now + 300 })
        .setProtectedHeader({ alg: 'HS256', kid: 'hospital-key-1' })
        .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    }],
    ['a token without a subject', 'token_claims', () => providerToken({})],
    ['something that is no JWT', 'token_malformed', async () => 'not-a-token'],
  ])('refuses %s (400 invalid_grant, audited)', async (_name, code, make) => {
    const res = await exchange(await make());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, oauth_error: 'invalid_grant' });
    const [event] = await t.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'sso_sign_in_failed' ORDER BY id DESC LIMIT 1");
    expect(event.detail).toMatchObject({ reason: code, via: 'token_exchange' });
  });

  it('refuses another grant type and a token type it does not exchange', async () => {
    const token = await providerToken({ sub: 'erin' });
    const grant = await t.call({ method: 'POST', url: '/api/auth/token-exchange', payload: { grant_type: 'password', subject_token: token, subject_token_type: ID_TOKEN } });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ code: 'unsupported_grant_type', oauth_error: 'unsupported_grant_type' });
    const type = await exchange(token, 'urn:ietf:params:oauth:token-type:saml2');
    expect(type.statusCode).toBe(400);
    expect(type.json().code).toBe('token_type_unsupported');
    const missing = await t.call({ method: 'POST', url: '/api/auth/token-exchange', payload: { grant_type: GRANT } });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a field given twice in the form (ambiguous)', async () => {
    const token = await providerToken({ sub: 'erin' });
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/token-exchange',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=${encodeURIComponent(GRANT)}&subject_token=${token}&subject_token=${token}&subject_token_type=${encodeURIComponent(ID_TOKEN)}`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/auth/oidc/backchannel-logout', () => {
  const EVENTS = { 'http://schemas.openid.net/event/backchannel-logout': {} };
  const post = (logoutToken: string) =>
    t.call({
      method: 'POST',
      url: '/api/auth/oidc/backchannel-logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logout_token: logoutToken }).toString(),
    });

  it('revokes every session of the provider’s session id and records it', async () => {
    const session = await redirectSignIn('erin');
    const [{ provider_sid }] = await t.db.query<{ provider_sid: string | null }>(
      'SELECT s.provider_sid FROM sso_sessions s JOIN refresh_tokens r ON r.family_id = s.family_id WHERE s.user_id = $1 ORDER BY s.created_at DESC LIMIT 1',
      [session.user.id],
    );
    expect(provider_sid).toBeTruthy();
    const res = await post(await providerToken({ sid: provider_sid!, jti: 'j1', events: EVENTS, exp: undefined }));
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: session.accessToken })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
    const [event] = await t.db.query<{ entity_id: string }>("SELECT entity_id FROM audit_log WHERE action = 'sso_sign_out' ORDER BY id DESC LIMIT 1");
    expect(event.entity_id).toBe(session.user.id);
  });

  it('with only a subject, revokes every session of that user from the provider', async () => {
    const one = await redirectSignIn('erin');
    const two = await redirectSignIn('erin');
    expect((await post(await providerToken({ sub: 'erin', jti: 'j2', events: EVENTS }))).statusCode).toBe(200);
    for (const s of [one, two]) expect((await t.call({ method: 'GET', url: '/api/auth/me', token: s.accessToken })).statusCode).toBe(401);
  });

  it.each([
    ['without the logout event', { sub: 'erin' }, 'logout_token_claims'],
    ['with a nonce (an ID token passed off as a logout token)', { sub: 'erin', events: EVENTS, nonce: 'n' }, 'logout_token_claims'],
    ['naming neither user nor session', { events: EVENTS }, 'logout_token_claims'],
    ['for another client', { sub: 'erin', events: EVENTS, aud: 'portal' }, 'logout_token_audience'],
    ['issued too long ago (a replay)', { sub: 'erin', events: EVENTS, iat: Math.floor(Date.now() / 1000) - 3600, exp: undefined }, 'logout_token_expired'],
  ])('refuses a logout token %s and ends nothing', async (_name, claims, code) => {
    const session = await redirectSignIn('erin');
    const res = await post(await providerToken(claims));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: session.accessToken })).statusCode).toBe(200);
  });

  it('refuses a forged logout token', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ iss: idp.issuer, aud: CLIENT_ID, sub: 'erin', iat: now, events: EVENTS }).setProtectedHeader({ alg: 'RS256', kid: 'hospital-key-1' }).sign(privateKey);
    const res = await post(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('logout_token_signature');
  });
});
