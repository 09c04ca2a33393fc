import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Ending sessions: a password change ends the others; "Sign out everywhere" ends them all — their
 * refresh tokens and, on the next request, the access tokens already issued.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await t.register('sessions_admin', 'Amber-Lantern-72');
});
afterAll(() => t?.close());

const login = async (name: string, password: string) => {
  const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: name, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuthResponse>();
};
const me = (s: AuthResponse) => t.call({ method: 'GET', url: '/api/auth/me', token: s.accessToken });
const refresh = (s: AuthResponse) => t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } });

describe('a password change', () => {
  it("ends the user's other sessions and keeps the one that changed it", async () => {
    const laptop = await t.register('pw_changer', 'Copper-Meadow-19');
    const phone = await login('pw_changer', 'Copper-Meadow-19');
    const other = await t.register('bystander', 'Silver-Brook-27');

    const changed = await t.call({
      method: 'PUT',
      url: '/api/auth/profile',
      token: laptop.accessToken,
      payload: { password: 'Velvet-Canyon-58', currentPassword: 'Copper-Meadow-19' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await refresh(phone)).statusCode).toBe(401);
    // The other session's access token stops at once, not when it expires; this one goes on.
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    const renewed = await refresh(laptop);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await refresh(other)).statusCode).toBe(200); // another user's sessions are untouched

    // The renewed session is still "this one": a second change keeps it too.
    const tablet = await login('pw_changer', 'Velvet-Canyon-58');
    const again = await t.call({
      method: 'PUT',
      url: '/api/auth/profile',
      token: renewed.json<AuthResponse>().accessToken,
      payload: { password: 'Maple-Horizon-33', currentPassword: 'Velvet-Canyon-58' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await refresh(tablet)).statusCode).toBe(401);
    expect((await refresh(renewed.json<AuthResponse>())).statusCode).toBe(200);
  });

  it('other profile changes end no session', async () => {
    const a = await t.register('profile_only', 'Granite-Willow-64');
    const b = await login('profile_only', 'Granite-Willow-64');
    const res = await t.call({ method: 'PUT', url: '/api/auth/profile', token: a.accessToken, payload: { mobileNo: '+15551234567' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await refresh(b)).statusCode).toBe(200);
  });
});

describe('sign out everywhere (POST /auth/logout-all)', () => {
  it("revokes every refresh token of the user, this session's included", async () => {
    const here = await t.register('everywhere', 'Coral-Summit-85');
    const there = await login('everywhere', 'Coral-Summit-85');
    const other = await t.register('not_me', 'Indigo-Harbor-46');

    const res = await t.call({ method: 'POST', url: '/api/auth/logout-all', token: here.accessToken });
    expect(res.statusCode, res.body).toBe(204);
    for (const s of [here, there]) {
      const r = await refresh(s);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: expect.stringMatching(/^token_/) });
    }
    // Every browser must sign in again: the access tokens already out are refused on their next
    // request (they used to read, and even create a node type, until they expired).
    for (const s of [here, there]) {
      const r = await me(s);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'session_revoked' });
      const made = await t.call({ method: 'POST', url: '/api/nodetypes', token: s.accessToken, payload: { name: 'After sign-out' } });
      expect(made.statusCode).toBe(401);
    }
    expect((await me(other)).statusCode).toBe(200);
    expect((await refresh(other)).statusCode).toBe(200);
    // Signing in again works as usual.
    expect((await refresh(await login('everywhere', 'Coral-Summit-85'))).statusCode).toBe(200);
  });

  it('needs a signed-in user and is documented in the OpenAPI description', async () => {
    expect((await t.call({ method: 'POST', url: '/api/auth/logout-all' })).statusCode).toBe(401);
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(doc.paths['/api/auth/logout-all']?.post).toMatchObject({ responses: { 204: expect.anything() } });
  });
});
