import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../../contract';
import { testApp, type TestApp } from '../../../test/harness';
import { signInAtProvider, ssoConfigFor, startTestProvider, type TestProvider } from '../../../test/identity-provider';

/**
 * The redirect sign-in against a real OpenID provider (oidc-provider on a free port): start,
 * the provider's login form, the callback, the one-time code; accounts made with the mapped role
 * and changed at the next sign-in; every refusal on the way.
 */
const PUBLIC = 'http://kg.test';
let idp: TestProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [`${PUBLIC}/api/auth/oidc/callback`], postLogoutRedirectUris: [`${PUBLIC}/login`], portalClientId: 'portal' });
  idp.accounts.set('alice', { preferred_username: 'alice', email: 'alice@hospital.example', email_verified: true, groups: ['kg-editors', 'staff'] });
  idp.accounts.set('bob', { email: 'bob.b@hospital.example', email_verified: true, groups: ['kg-admins', 'kg-editors'] });
  idp.accounts.set('carol', { preferred_username: 'carol', email: 'carol@hospital.example', email_verified: false, groups: [] });
  t = await testApp({ sso: ssoConfigFor(idp.issuer), publicUrl: PUBLIC, corsOrigins: ['https://portal.example'] });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const cookieFrom = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0];

/** Start → provider → callback: the callback's redirect (with #kg-sso=code or #kg-sso-error=reason). */
async function throughProvider(login: string | null, returnTo = '/nodes'): Promise<string> {
  const start = await t.call({ method: 'GET', url: `/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}` });
  expect(start.statusCode).toBe(302);
  const back = await signInAtProvider(String(start.headers.location), login);
  expect(back.startsWith(`${PUBLIC}/api/auth/oidc/callback?`)).toBe(true);
  const callback = await t.call({ method: 'GET', url: back.slice(PUBLIC.length), headers: { cookie: cookieFrom(start.headers['set-cookie']) } });
  expect(callback.statusCode).toBe(302);
  return String(callback.headers.location);
}

async function signIn(login: string, returnTo = '/nodes'): Promise<AuthResponse> {
  const target = await throughProvider(login, returnTo);
  const code = /#kg-sso=([^&]+)$/.exec(target)?.[1];
  expect(code, target).toBeTruthy();
  const redeemed = await t.call({ method: 'POST', url: '/api/auth/oidc/redeem', payload: { code: decodeURIComponent(code!) } });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  return redeemed.json<AuthResponse>();
}

async function auditOf(action: string) {
  return t.db.query<{ entity_id: string | null; detail: Record<string, unknown> }>('SELECT entity_id, detail FROM audit_log WHERE action = $1 ORDER BY id', [action]);
}

describe('GET /api/auth/sso', () => {
  it('tells the sign-in page the provider’s name, that it answers and that passwords are on', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/sso' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, name: 'Hospital Login', status: 'ok', localLogin: true });
  });
});

describe('redirect sign-in (authorization code + PKCE)', () => {
  beforeEach(() => {
    idp.accounts.set('alice', { preferred_username: 'alice', email: 'alice@hospital.example', email_verified: true, groups: ['kg-editors', 'staff'] });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, and binds the flow to the browser', async () => {
    const start = await t.call({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2Fnodes' });
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/api/auth/oidc/callback`);
    expect(String(start.headers['set-cookie'])).toMatch(/^kg_sso=[\w-]+; Path=\/api\/auth\/oidc; HttpOnly; SameSite=Lax/);
  });

  it('makes the account just in time with the mapped role, hands the session over by a one-time code, and audits provider and subject', async () => {
    const target = await throughProvider('alice', '/nodes?type=x');
    expect(target).toMatch(/^\/nodes\?type=x#kg-sso=[\w%-]+$/);
    const code = decodeURIComponent(/#kg-sso=(.+)$/.exec(target)![1]);
    const first = await t.call({ method: 'POST', url: '/api/auth/oidc/redeem', payload: { code } });
    expect(first.statusCode).toBe(200);
    const session = first.json<AuthResponse>();
    expect(session.user).toMatchObject({ username: 'alice', email: 'alice@hospital.example', role: 'editor' });
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: session.accessToken });
    expect(me.json().user.username).toBe('alice');
    // The code is spent: a second use (a replay from history or a log) gets nothing.
    const again = await t.call({ method: 'POST', url: '/api/auth/oidc/redeem', payload: { code } });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('sso_code_invalid');
    const events = await auditOf('sso_sign_in');
    expect(events.at(-1)).toMatchObject({ entity_id: session.user.id, detail: { provider: idp.issuer, subject: 'alice', via: 'redirect' } });
  });

  it('never makes the first account an admin: with no mapped group it is a viewer', async () => {
    const session = await signIn('carol');
    expect(session.user.role).toBe('viewer');
  });

  it('names the account from the e-mail’s local part without preferred_username, and the first matching map entry wins', async () => {
    const session = await signIn('bob');
    expect(session.user.username).toBe('bob.b');
    expect(session.user.role).toBe('admin');
  });

  it('applies the provider’s groups again at the next sign-in: a role is lost when the group is taken away', async () => {
    expect((await signIn('alice')).user.role).toBe('editor');
    idp.accounts.set('alice', { preferred_username: 'alice', email: 'alice@hospital.example', email_verified: true, groups: ['staff'] });
    const later = await signIn('alice');
    expect(later.user.role).toBe('viewer');
    expect(later.user.username).toBe('alice');
    const rows = await t.db.query<{ count: number }>("SELECT count(*)::int AS count FROM user_identities WHERE subject = 'alice'");
    expect(rows[0].count).toBe(1);
  });

  it('refuses a callback from another browser (no binding cookie) and a replayed state', async () => {
    const start = await t.call({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2F' });
    const back = await signInAtProvider(String(start.headers.location), 'alice');
    const foreign = await t.call({ method: 'GET', url: back.slice(PUBLIC.length), headers: { cookie: 'kg_sso=someone-else' } });
    expect(foreign.headers.location).toBe('/login#kg-sso-error=invalid_callback');
    // The state was spent by that attempt: the right browser cannot use it afterwards either.
    const replay = await t.call({ method: 'GET', url: back.slice(PUBLIC.length), headers: { cookie: cookieFrom(start.headers['set-cookie']) } });
    expect(replay.headers.location).toBe('/login#kg-sso-error=invalid_callback');
    const failed = await auditOf('sso_sign_in_failed');
    expect(failed.at(-1)?.detail).toMatchObject({ reason: 'invalid_callback', provider: idp.issuer });
  });

  it('refuses a code that was swapped (the ID token and PKCE belong to another flow)', async () => {
    const mine = await t.call({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2F' });
    const theirs = await t.call({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2F' });
    const theirBack = new URL(await signInAtProvider(String(theirs.headers.location), 'alice'));
    const myState = new URL(String(mine.headers.location)).searchParams.get('state')!;
    theirBack.searchParams.set('state', myState);
    const res = await t.call({ method: 'GET', url: theirBack.href.slice(PUBLIC.length), headers: { cookie: cookieFrom(mine.headers['set-cookie']) } });
    expect(res.headers.location).toBe('/#kg-sso-error=invalid_callback');
  });

  it('says "cancelled" when the user cancels at the provider', async () => {
    expect(await throughProvider(null, '/graph')).toBe('/graph#kg-sso-error=cancelled');
  });

  it('refuses a return path that leaves the server, but takes a portal page on an allowed origin', async () => {
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await t.call({ method: 'GET', url: `/api/auth/oidc/start?returnTo=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('return_to_invalid');
    }
    const portal = await t.call({ method: 'GET', url: `/api/auth/oidc/start?returnTo=${encodeURIComponent('https://portal.example/ward')}` });
    expect(portal.statusCode).toBe(302);
  });

  it('refuses an unknown or made-up one-time code', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/oidc/redeem', payload: { code: 'made-up' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('accounts that already exist here', () => {
  it('does not link a local account with the same e-mail silently: refused and audited', async () => {
    await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'dora-local', email: 'dora@hospital.example', password: 'Kangaroo-42' } });
    idp.accounts.set('dora', { preferred_username: 'dora', email: 'dora@hospital.example', email_verified: true, groups: [] });
    expect(await throughProvider('dora', '/')).toBe('/#kg-sso-error=account_exists');
    const failed = await auditOf('sso_sign_in_failed');
    expect(failed.at(-1)?.detail).toMatchObject({ reason: 'account_exists', subject: 'dora' });
  });

  it('an admin links the local account to the provider’s subject; the next sign-in lands in it', async () => {
    const [{ id }] = await t.db.query<{ id: string }>("SELECT id FROM users WHERE username = 'dora-local'");
    const viewer = await signIn('carol');
    const refused = await t.call({ method: 'PUT', url: `/api/users/${id}/sso-identity`, token: viewer.accessToken, payload: { subject: 'dora' } });
    expect(refused.statusCode).toBe(403);
    const admin = await signIn('bob');
    expect(admin.user.role).toBe('admin');
    const linked = await t.call({ method: 'PUT', url: `/api/users/${id}/sso-identity`, token: admin.accessToken, payload: { subject: 'dora' } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await t.call({ method: 'PUT', url: `/api/users/${id}/sso-identity`, token: admin.accessToken, payload: { subject: 'dora-2' } })).json().code).toBe('sso_already_linked');
    expect((await t.call({ method: 'PUT', url: `/api/users/${admin.user.id}/sso-identity`, token: admin.accessToken, payload: { subject: 'dora' } })).json().code).toBe('sso_subject_taken');
    const [event] = await t.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'sso_link' ORDER BY id DESC LIMIT 1");
    expect(event.detail).toMatchObject({ subject: 'dora', reason: 'admin' });
    const session = await signIn('dora');
    expect(session.user).toMatchObject({ id, username: 'dora-local' });
  });
});

describe('refusals after the provider said yes', () => {
  it('refuses an e-mail outside KG_OIDC_EMAIL_DOMAINS, and an account deactivated here', async () => {
    const narrow = await testApp({ sso: ssoConfigFor(idp.issuer, { emailDomains: ['clinic.example'] }), publicUrl: PUBLIC });
    try {
      const start = await narrow.call({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2F' });
      const back = await signInAtProvider(String(start.headers.location), 'alice');
      const res = await narrow.call({ method: 'GET', url: back.slice(PUBLIC.length), headers: { cookie: cookieFrom(start.headers['set-cookie']) } });
      expect(res.headers.location).toBe('/#kg-sso-error=email_domain');
      const [event] = await narrow.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'sso_sign_in_failed'");
      expect(event.detail).toMatchObject({ reason: 'email_domain', subject: 'alice', provider: idp.issuer });
    } finally {
      await narrow.close();
    }
    const session = await signIn('alice');
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [session.user.id]);
    try {
      expect(await throughProvider('alice', '/')).toBe('/#kg-sso-error=account_inactive');
    } finally {
      await t.db.query('UPDATE users SET is_active = true WHERE id = $1', [session.user.id]);
    }
  });
});

describe('sign-out', () => {
  it('still names the provider’s sign-out after the session was ended here first', async () => {
    const session = await signIn('alice');
    await t.call({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: session.refreshToken } });
    const res = await t.call({ method: 'POST', url: '/api/auth/oidc/logout', payload: { refreshToken: session.refreshToken } });
    expect(new URL(res.json().endSessionUrl).origin).toBe(idp.issuer);
    const none = await t.call({ method: 'POST', url: '/api/auth/oidc/logout', payload: { refreshToken: 'unknown-token' } });
    expect(none.json()).toEqual({ endSessionUrl: null });
  });

  it('ends the session here and gives the provider’s end-session address with the ID token hint', async () => {
    const session = await signIn('alice');
    const res = await t.call({ method: 'POST', url: '/api/auth/oidc/logout', payload: { refreshToken: session.refreshToken } });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().endSessionUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC}/login`);
    const refresh = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
  });
});
