import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { ConfigError, ssoConfigFrom } from '../../sso-config';
import { cloneDatabase, testApp, testAppOnSameDatabase, type TestApp } from '../../test/harness';
import { signInAtProvider, ssoConfigFor, startTestProvider, type TestProvider } from '../../test/identity-provider';
import { hashPassword } from '../credentials';

/**
 * Sessions from the provider after sign-in: the re-check on refresh (groups taken away, staff
 * removed at the provider, a portal's session that cannot be re-checked), a provider that is down,
 * password sign-in switched off with the break-glass admin, and the configuration checked at start.
 */
const PUBLIC = 'http://kg.test';
let idp: TestProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [`${PUBLIC}/api/auth/oidc/callback`] });
  // Re-checked on every refresh after a second (the hour, shortened).
  t = await testApp({ sso: ssoConfigFor(idp.issuer, { recheckSeconds: 1 }), publicUrl: PUBLIC });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const cookieFrom = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(app: TestApp, login: string): Promise<AuthResponse> {
  const start = await app.call({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2F' });
  const back = await signInAtProvider(String(start.headers.location), login);
  const callback = await app.call({ method: 'GET', url: back.slice(PUBLIC.length), headers: { cookie: cookieFrom(start.headers['set-cookie']) } });
  const code = decodeURIComponent(/#kg-sso=(.+)$/.exec(String(callback.headers.location))![1]);
  return (await app.call({ method: 'POST', url: '/api/auth/oidc/redeem', payload: { code } })).json<AuthResponse>();
}

const refresh = (refreshToken: string) => t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

describe('the re-check on refresh', () => {
  it('applies the groups the provider answers with: a user taken out of the group loses the role', async () => {
    idp.accounts.set('gina', { preferred_username: 'gina', email: 'gina@hospital.example', email_verified: true, groups: ['kg-editors'] });
    const session = await signIn(t, 'gina');
    expect(session.user.role).toBe('editor');
    idp.accounts.set('gina', { preferred_username: 'gina', email: 'gina@hospital.example', email_verified: true, groups: [] });
    // Within the interval nothing is asked.
    const soon = await refresh(session.refreshToken);
    expect(soon.json().user.role).toBe('editor');
    await pause(1100);
    const later = await refresh(soon.json().refreshToken);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().user.role).toBe('viewer');
  });

  it('ends the session when the provider no longer knows the user (staff removed)', async () => {
    idp.accounts.set('hank', { preferred_username: 'hank', email: 'hank@hospital.example', email_verified: true, groups: ['kg-editors'] });
    const session = await signIn(t, 'hank');
    idp.accounts.delete('hank');
    await pause(1100);
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('sso_recheck_failed');
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: session.accessToken })).statusCode).toBe(401);
  });

  it('keeps a session while the provider is briefly away, and ends it when it stays away past a second interval', async () => {
    idp.accounts.set('ivy', { preferred_username: 'ivy', email: 'ivy@hospital.example', email_verified: true, groups: [] });
    const session = await signIn(t, 'ivy');
    await idp.stop();
    try {
      await pause(1100);
      const during = await refresh(session.refreshToken);
      expect(during.statusCode).toBe(200);
      await pause(1000);
      const after = await refresh(during.json().refreshToken);
      expect(after.statusCode).toBe(401);
    } finally {
      await idp.start();
    }
  });

  it('leaves password sessions alone', async () => {
    const local = await t.register('localuser', 'Kangaroo-42');
    await pause(1100);
    expect((await refresh(local.refreshToken)).statusCode).toBe(200);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a provider that cannot be reached', () => {
  it('leaves the app running; the sign-in page is told, the start comes back with the reason, token exchange answers 503', async () => {
    const down = await testAppOnSameDatabase(t, { sso: ssoConfigFor(`http://127.0.0.1:${await freePort()}`), publicUrl: PUBLIC });
    try {
      expect((await down.call({ method: 'GET', url: '/api/auth/sso' })).json()).toMatchObject({ enabled: true, status: 'unreachable' });
      const start = await down.call({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2Fnodes' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/nodes#kg-sso-error=provider_unreachable');
      const exchange = await down.call({
        method: 'POST',
        url: '/api/auth/token-exchange',
        payload: { grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token: 'a.b.c', subject_token_type: 'urn:ietf:params:oauth:token-type:id_token' },
      });
      expect(exchange.statusCode).toBe(503);
      expect(exchange.json().code).toBe('provider_unreachable');
      expect((await down.call({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('without single sign-on configured', () => {
  it('says so, and its routes answer 404', async () => {
    const plain = await testAppOnSameDatabase(t);
    try {
      expect((await plain.call({ method: 'GET', url: '/api/auth/sso' })).json()).toEqual({ enabled: false, name: null, status: null, localLogin: true });
      expect((await plain.call({ method: 'GET', url: '/api/auth/oidc/start' })).statusCode).toBe(404);
      expect((await plain.call({ method: 'POST', url: '/api/auth/oidc/redeem', payload: { code: 'x' } })).statusCode).toBe(404);
      const exchange = await plain.call({ method: 'POST', url: '/api/auth/token-exchange', payload: { grant_type: 'x', subject_token: 'y', subject_token_type: 'z' } });
      expect(exchange.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('KG_LOCAL_LOGIN=off', () => {
  it('refuses registration and password sign-in, except a local admin (break-glass, audited as such)', async () => {
    const off = await testApp({ sso: ssoConfigFor(idp.issuer), publicUrl: PUBLIC, localLogin: false });
    try {
      const hash = await hashPassword('Kangaroo-42');
      for (const [name, role] of [['root', 'admin'], ['ed', 'editor']]) {
        await off.db.query(`INSERT INTO users (username, email, password_hash, role_id) VALUES ($1, $2, $3, (SELECT id FROM roles WHERE name = $4))`, [name, `${name}@local`, hash, role]);
      }
      expect((await off.call({ method: 'GET', url: '/api/auth/sso' })).json().localLogin).toBe(false);
      const register = await off.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'newbie', email: 'n@x.org', password: 'Kangaroo-42' } });
      expect(register.statusCode).toBe(403);
      expect(register.json().code).toBe('registration_off');
      const editor = await off.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'ed', password: 'Kangaroo-42' } });
      expect(editor.statusCode).toBe(403);
      expect(editor.json().code).toBe('local_login_off');
      const admin = await off.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'root', password: 'Kangaroo-42' } });
      expect(admin.statusCode).toBe(200);
      const events = await off.db.query<{ action: string; detail: Record<string, unknown> }>("SELECT action, detail FROM audit_log WHERE entity_type = 'session' ORDER BY id");
      expect(events.map((e) => e.action)).toEqual(['sign_in_failed', 'break_glass_sign_in']);
      expect(events[0].detail).toMatchObject({ reason: 'local_login_off' });
    } finally {
      await off.close();
    }
  });
});

describe('configuration checked at start', () => {
  const base = { KG_OIDC_ISSUER: 'https://login.example.org/realms/h', KG_OIDC_CLIENT_ID: 'kg' };
  it.each([
    [{ ...base, KG_OIDC_ISSUER: 'not a url' }, /KG_OIDC_ISSUER is not a URL/],
    [{ ...base, KG_OIDC_ISSUER: 'http://login.example.org' }, /must use https/],
    [{ KG_OIDC_ISSUER: base.KG_OIDC_ISSUER }, /KG_OIDC_CLIENT_ID is not/],
    [{ KG_OIDC_CLIENT_ID: 'kg' }, /KG_OIDC_ISSUER is not/],
    [{ ...base, KG_OIDC_ROLE_MAP: '{kg-admins:admin}' }, /KG_OIDC_ROLE_MAP is not JSON/],
    [{ ...base, KG_OIDC_ROLE_MAP: '["admin"]' }, /must be a JSON object/],
    [{ ...base, KG_OIDC_ROLE_MAP: '{"a":"admin"}' }, /KG_OIDC_ROLE_CLAIM is not/],
    [{ ...base, KG_OIDC_SCOPES: 'profile email' }, /must include "openid"/],
    [{ ...base, KG_OIDC_EMAIL_DOMAINS: 'hospital' }, /not a domain name/],
    [{ ...base, KG_OIDC_LINK_VERIFIED_EMAIL: 'maybe' }, /must be "on" or "off"/],
    [{ ...base, KG_OIDC_RECHECK_SECONDS: '7200' }, /KG_OIDC_RECHECK_SECONDS/],
  ])('refuses %o', (env, message) => {
    expect(() => ssoConfigFrom(env)).toThrow(ConfigError);
    expect(() => ssoConfigFrom(env)).toThrow(message);
  });

  it('reads a complete configuration, the role map in its order', () => {
    const config = ssoConfigFrom({ ...base, KG_OIDC_ROLE_CLAIM: 'groups', KG_OIDC_ROLE_MAP: '{"kg-admins":"admin","kg-editors":"editor"}', KG_OIDC_EMAIL_DOMAINS: 'hospital.example, @clinic.example', KG_OIDC_NAME: 'Hospital Login' });
    expect(config).toMatchObject({ scopes: 'openid profile email', displayName: 'Hospital Login', roleMap: [['kg-admins', 'admin'], ['kg-editors', 'editor']], emailDomains: ['hospital.example', 'clinic.example'], recheckSeconds: 3600, keySetCooldownMs: 30_000 });
    expect(ssoConfigFrom({})).toBeNull();
  });

  it('stops the start when the role map names a role that does not exist', async () => {
    const db = await cloneDatabase();
    try {
      const config = testConfig({ sso: ssoConfigFor(idp.issuer, { roleMap: [['kg-admins', 'admiin']] }) });
      await expect(buildApp(config, { db })).rejects.toThrow(/KG_OIDC_ROLE_MAP maps "kg-admins" to the role "admiin", which does not exist/);
    } finally {
      await db.close();
    }
  });
});
