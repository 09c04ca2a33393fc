import type { TestApp } from './harness';

/**
 * Every way a sign-in ends, for the tests that show an old token or socket loses its rights
 * (permissions.test.ts for every route, live/socket-sessions.test.ts for every socket event). A new
 * way belongs here, so both walks cover it.
 */
export interface SignedIn {
  username: string;
  password: string;
  /** The user's id. */
  id: string;
  accessToken: string;
  refreshToken: string;
}

export interface RevocationContext {
  t: TestApp;
  /** An admin's token (makes role changes and deactivations). */
  adminToken: string;
  /** A role with the same permissions as the user's, for a role change that takes no right away. */
  sameRightsRole: string;
}

async function expectStatus(res: Promise<{ statusCode: number; body: string }>, status: number, what: string): Promise<void> {
  const answer = await res;
  if (answer.statusCode !== status) throw new Error(`${what}: expected ${status}, got ${answer.statusCode} ${answer.body}`);
}

/** Another sign-in of the same user (a second browser). */
async function otherBrowser(t: TestApp, s: SignedIn): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: s.username, password: s.password } });
  if (res.statusCode !== 200) throw new Error(`sign-in ${s.username}: ${res.statusCode} ${res.body}`);
  return res.json<{ accessToken: string }>().accessToken;
}

export const REVOCATIONS: Record<string, (c: RevocationContext, s: SignedIn) => Promise<void>> = {
  'sign out everywhere (from another browser)': async ({ t }, s) =>
    expectStatus(t.call({ method: 'POST', url: '/api/auth/logout-all', token: await otherBrowser(t, s) }), 204, 'logout-all'),
  'a password change (from another browser)': async ({ t }, s) =>
    expectStatus(
      t.call({ method: 'PUT', url: '/api/auth/profile', token: await otherBrowser(t, s), payload: { password: 'N3w-Harbor-pass', currentPassword: s.password } }),
      200,
      'password change',
    ),
  'a role change (to a role as powerful)': async ({ t, adminToken, sameRightsRole }, s) =>
    expectStatus(t.call({ method: 'PUT', url: `/api/users/${s.id}`, token: adminToken, payload: { role: sameRightsRole } }), 200, 'role change'),
  deactivation: async ({ t, adminToken }, s) =>
    expectStatus(t.call({ method: 'PUT', url: `/api/users/${s.id}`, token: adminToken, payload: { isActive: false } }), 200, 'deactivation'),
  'signing out': async ({ t }, s) => expectStatus(t.call({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: s.refreshToken } }), 204, 'logout'),
  'a reused refresh token': async ({ t }, s) => {
    const refresh = () => t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } });
    await expectStatus(refresh(), 200, 'first refresh');
    await expectStatus(refresh(), 401, 'reused refresh');
  },
};

/** Creates a user with `role` (as the admin) and signs it in. */
export async function signedInUser(t: TestApp, adminToken: string, username: string, role: string): Promise<SignedIn> {
  const password = 'Str0ng-pass-1';
  const created = await t.call({ method: 'POST', url: '/api/users', token: adminToken, payload: { username, email: `${username}@example.org`, password, role } });
  if (created.statusCode !== 201) throw new Error(`create ${username}: ${created.statusCode} ${created.body}`);
  const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in ${username}: ${res.statusCode} ${res.body}`);
  const session = res.json<{ accessToken: string; refreshToken: string }>();
  return { username, password, id: created.json<{ id: string }>().id, ...session };
}
