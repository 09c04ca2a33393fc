import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, User } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { signInAtProvider, ssoConfigFor, startTestProvider, type TestProvider } from '../../test/identity-provider';
import { signedInUser, type SignedIn } from '../../test/revocations';

/**
 * An admin's link between a local account and the provider's subject, as the Users screen uses it:
 * who sees the link in the user records (admins, not everyone who reads users), the unlink with
 * its refusals, the provider's sign-ins it ends, and what the subject's next sign-in then meets.
 */
const PUBLIC = 'http://kg.test';
let idp: TestProvider;
let t: TestApp;
let admin: AuthResponse;
let viewer: SignedIn;
/** users.read only: full records, no provider identities. */
let reader: SignedIn;
/** users.read and users.update without being an admin: sees links, may not change them. */
let manager: SignedIn;

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [`${PUBLIC}/api/auth/oidc/callback`] });
  idp.accounts.set('erin', { preferred_username: 'erin', email: 'erin@hospital.example', email_verified: true, groups: [] });
  t = await testApp({ sso: ssoConfigFor(idp.issuer), publicUrl: PUBLIC });
  admin = await t.register('admin');
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('user readers', $1), ('user managers', $2)`, [['users.read'], ['users.read', 'users.update']]);
  viewer = await signedInUser(t, admin.accessToken, 'vera', 'viewer');
  reader = await signedInUser(t, admin.accessToken, 'rita', 'user readers');
  manager = await signedInUser(t, admin.accessToken, 'max', 'user managers');
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const cookieFrom = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0];

/** Start → provider → callback: the callback's redirect (#kg-sso=code or #kg-sso-error=reason). */
async function throughProvider(login: string): Promise<string> {
  const start = await t.call({ method: 'GET', url: '/api/auth/oidc/start?returnTo=%2F' });
  const back = await signInAtProvider(String(start.headers.location), login);
  const callback = await t.call({ method: 'GET', url: back.slice(PUBLIC.length), headers: { cookie: cookieFrom(start.headers['set-cookie']) } });
  return String(callback.headers.location);
}

async function ssoSignIn(login: string): Promise<AuthResponse> {
  const target = await throughProvider(login);
  const code = /#kg-sso=([^&]+)$/.exec(target)?.[1];
  expect(code, target).toBeTruthy();
  const redeemed = await t.call({ method: 'POST', url: '/api/auth/oidc/redeem', payload: { code: decodeURIComponent(code!) } });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  return redeemed.json<AuthResponse>();
}

async function usersAs(token: string) {
  const res = await t.call({ method: 'GET', url: '/api/users', token });
  expect(res.statusCode).toBe(200);
  return { body: res.body, users: res.json<{ data: User[] }>().data };
}

const identity = (id: string) => ({ url: `/api/users/${id}/sso-identity` });

describe('the provider identity in user records', () => {
  it('is shown to who may edit users, null when unlinked, and never to readers or the directory', async () => {
    const frank = await signedInUser(t, admin.accessToken, 'frank', 'viewer');
    const linked = await t.call({ method: 'PUT', ...identity(frank.id), token: admin.accessToken, payload: { subject: 'frank-at-hospital' } });
    expect(linked.statusCode, linked.body).toBe(200);

    const asAdmin = await usersAs(admin.accessToken);
    expect(asAdmin.users.find((u) => u.id === frank.id)?.ssoIdentity).toEqual({ issuer: idp.issuer, subject: 'frank-at-hospital', linkedAt: expect.any(String), lastSignIn: null });
    expect(asAdmin.users.find((u) => u.id === admin.user.id)?.ssoIdentity).toBeNull();
    expect((await usersAs(manager.accessToken)).users.find((u) => u.id === frank.id)?.ssoIdentity?.subject).toBe('frank-at-hospital');

    // Full records without users.update, and the directory everyone gets: no identity, not even its key.
    for (const who of [reader, viewer]) {
      const seen = await usersAs(who.accessToken);
      expect(seen.body).not.toContain('frank-at-hospital');
      expect(seen.users.every((u) => !('ssoIdentity' in u))).toBe(true);
    }
    expect((await usersAs(reader.accessToken)).users.find((u) => u.id === frank.id)?.email).toBe('frank@example.org');

    // An admin's save answers with the record as the list shows it, link included.
    const saved = await t.call({ method: 'PUT', url: `/api/users/${frank.id}`, token: admin.accessToken, payload: { mobileNo: '+1 555 0100' } });
    expect(saved.json<User>().ssoIdentity?.subject).toBe('frank-at-hospital');
  });

  it('is absent, and the routes say so, on a server without single sign-on', async () => {
    const plain = await testApp();
    try {
      const boss = await plain.register('boss');
      const res = await plain.call({ method: 'GET', url: '/api/users', token: boss.accessToken });
      expect(res.json<{ data: User[] }>().data.every((u) => !('ssoIdentity' in u))).toBe(true);
      const unlink = await plain.call({ method: 'DELETE', url: `/api/users/${boss.user.id}/sso-identity`, token: boss.accessToken });
      expect(unlink.statusCode).toBe(404);
      expect(unlink.json().code).toBe('sso_not_configured');
    } finally {
      await plain.close();
    }
  });
});

describe('DELETE /users/:id/sso-identity', () => {
  it('refuses anonymous callers, roles without users.update, non-admins, bad ids and accounts without a link', async () => {
    const gina = await signedInUser(t, admin.accessToken, 'gina', 'viewer');
    expect((await t.call({ method: 'PUT', ...identity(gina.id), token: admin.accessToken, payload: { subject: 'gina-sub' } })).statusCode).toBe(200);

    expect((await t.call({ method: 'DELETE', ...identity(gina.id) })).statusCode).toBe(401);
    const denied = await t.call({ method: 'DELETE', ...identity(gina.id), token: viewer.accessToken });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'forbidden']);
    // users.update is not enough: whoever holds a subject signs in as the account, so only admins change links.
    const notAdmin = await t.call({ method: 'DELETE', ...identity(gina.id), token: manager.accessToken });
    expect([notAdmin.statusCode, notAdmin.json().code]).toEqual([403, 'link_admins_only']);
    expect((await t.call({ method: 'DELETE', url: '/api/users/not-a-uuid/sso-identity', token: admin.accessToken })).statusCode).toBe(400);
    const missing = await t.call({ method: 'DELETE', ...identity('00000000-0000-4000-8000-000000000000'), token: admin.accessToken });
    expect(missing.statusCode).toBe(404);
    const unlinked = await t.call({ method: 'DELETE', ...identity(viewer.id), token: admin.accessToken });
    expect([unlinked.statusCode, unlinked.json().code]).toEqual([404, 'sso_not_linked']);

    // Nothing changed by the refusals, and nothing was audited.
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_identities WHERE user_id = $1', [gina.id]);
    expect(n).toBe(1);
    expect(await t.db.query("SELECT 1 FROM audit_log WHERE action = 'sso_unlink'")).toEqual([]);
  });

  it('removes the link, ends the sign-ins that came from the provider, audits it; the subject no longer lands in the account', async () => {
    const erin = await ssoSignIn('erin');
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: erin.accessToken })).statusCode).toBe(200);

    const res = await t.call({ method: 'DELETE', ...identity(erin.user.id), token: admin.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: erin.user.id, issuer: idp.issuer, subject: 'erin', sessionsEnded: 1 });
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: erin.accessToken })).statusCode).toBe(401);

    const [event] = await t.db.query<{ entity_id: string; actor_id: string; detail: Record<string, unknown> }>(
      "SELECT entity_id, actor_id, detail FROM audit_log WHERE action = 'sso_unlink'",
    );
    expect(event).toMatchObject({ entity_id: erin.user.id, actor_id: admin.user.id, detail: { provider: idp.issuer, subject: 'erin', count: 1 } });
    expect((await usersAs(admin.accessToken)).users.find((u) => u.id === erin.user.id)?.ssoIdentity).toBeNull();
    expect((await t.call({ method: 'DELETE', ...identity(erin.user.id), token: admin.accessToken })).json().code).toBe('sso_not_linked');

    // Never a silent re-link by e-mail: the account exists, so the subject's next sign-in is refused...
    expect(await throughProvider('erin')).toBe('/#kg-sso-error=account_exists');
    // ...until an admin links it again.
    expect((await t.call({ method: 'PUT', ...identity(erin.user.id), token: admin.accessToken, payload: { subject: 'erin' } })).statusCode).toBe(200);
    expect((await ssoSignIn('erin')).user.id).toBe(erin.user.id);
  });
});
