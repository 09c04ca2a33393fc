import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSION_IDS, SYSTEM_ROLE_PERMISSIONS, type AuthResponse, type User } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: AuthResponse;
let viewer: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('alice', 'first-pw-1');
  viewer = await t.register('bob', 'second-pw');
});
afterAll(() => t?.close());

const login = (loginName: string, password: string) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { login: loginName, password } });

describe('registration', () => {
  it('makes the first account admin and later ones viewer', () => {
    expect(admin.user.role).toBe('admin');
    expect(admin.user.permissions.sort()).toEqual([...PERMISSION_IDS].sort());
    expect(viewer.user.role).toBe('viewer');
    expect(viewer.user.permissions.sort()).toEqual([...SYSTEM_ROLE_PERMISSIONS.viewer].sort());
  });

  it('never returns a password or its hash', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'carol', email: 'carol@example.org', password: 'pw-carol-1' } });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toMatch(/password|scrypt\$|pw-carol-1/i);
    const row = (await t.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE username = 'carol'`))[0];
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('pw-carol-1');
  });

  it("refuses a short password with the spec's message", async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'dan', email: 'dan@example.org', password: '12345' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MESSAGES.auth.passwordTooShort, code: 'validation_error' });
  });

  it('refuses an invalid email', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'dan', email: 'not-an-email', password: '123456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MESSAGES.profile.emailInvalid);
  });

  it('refuses a taken username or email case-insensitively with 409, in one message that does not say which', async () => {
    const byName = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'ALICE', email: 'other@example.org', password: 'other-pw-7' } });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toEqual({ error: MESSAGES.auth.accountTaken, code: 'account_taken' });
    const byEmail = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'alice2', email: 'Alice@Example.org', password: 'other-pw-7' } });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toEqual(byName.json());
  });
});

describe('sign-in', () => {
  it('accepts the username or the email, in any case', async () => {
    expect((await login('Alice', 'first-pw-1')).statusCode).toBe(200);
    const res = await login('ALICE@example.org', 'first-pw-1');
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthResponse>();
    expect(body.user.username).toBe('alice');
    expect(body.user.lastLogin).not.toBeNull();
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrong = await login('alice', 'nope-nope');
    const unknown = await login('nobody', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MESSAGES.auth.invalidCredentials, code: 'invalid_credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('current user and errors', () => {
  it('GET /auth/me without a token answers 401 with the error shape', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.auth.notAuthenticated, code: 'unauthorized' });
  });

  it('refuses a forged or tampered token', async () => {
    const [h, p] = admin.accessToken.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    const res = await t.call({ method: 'GET', url: '/api/auth/me', token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_invalid');
  });

  it('GET /auth/me returns the user with role and permissions', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/me', token: viewer.accessToken });
    expect(res.statusCode).toBe(200);
    const { user } = res.json<{ user: User }>();
    expect(user).toMatchObject({ username: 'bob', role: 'viewer', isActive: true, mobileNo: null });
  });

  it('unknown API paths answer 404 JSON', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh token works once and yields a new pair', async () => {
    const s = (await login('bob', 'second-pw')).json<AuthResponse>();
    const r1 = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } });
    expect(r1.statusCode).toBe(200);
    const next = r1.json<AuthResponse>();
    expect(next.refreshToken).not.toBe(s.refreshToken);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: next.accessToken })).statusCode).toBe(200);
  });

  it('reuse of a spent token revokes the whole family', async () => {
    const s = (await login('bob', 'second-pw')).json<AuthResponse>();
    const next = (await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } })).json<AuthResponse>();
    const replay = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('token_reused');
    // The legitimate holder's newer token died with the family.
    const after = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: next.refreshToken } });
    expect(after.statusCode).toBe(401);
    // Another sign-in (another family) is unaffected.
    const other = (await login('bob', 'second-pw')).json<AuthResponse>();
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: other.refreshToken } })).statusCode).toBe(200);
  });

  it('only a hash of the refresh token is stored', async () => {
    const s = (await login('bob', 'second-pw')).json<AuthResponse>();
    const rows = await t.db.query(`SELECT 1 FROM refresh_tokens WHERE token_hash = $1`, [s.refreshToken]);
    expect(rows).toHaveLength(0);
  });

  it('logout ends the refresh token', async () => {
    const s = (await login('bob', 'second-pw')).json<AuthResponse>();
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: s.refreshToken } })).statusCode).toBe(204);
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
  });
});

describe('inactive users', () => {
  it('cannot sign in, and lose their session on the next request', async () => {
    const s = (await t.register('erin', 'erin-pw-1'));
    await t.db.query(`UPDATE users SET is_active = false WHERE username = 'erin'`);
    const signIn = await login('erin', 'erin-pw-1');
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ error: MESSAGES.auth.accountInactive, code: 'account_inactive' });
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: s.accessToken });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('account_inactive');
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
  });

  it('an inactive role grants nothing beyond viewer', async () => {
    const s = await t.register('fay');
    await t.db.query(
      `INSERT INTO roles (name, permissions, is_active) VALUES ('curator', ARRAY['nodes.read','nodes.create','users.read'], false)`,
    );
    await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'curator') WHERE username = 'fay'`);
    const { user } = (await t.call({ method: 'GET', url: '/api/auth/me', token: s.accessToken })).json<{ user: User }>();
    expect(user.role).toBe('curator');
    expect(user.permissions).toEqual(['nodes.read']);
  });
});

describe('password verification and username check', () => {
  it('verify-password accepts the current password and refuses another', async () => {
    const ok = await t.call({ method: 'POST', url: '/api/auth/verify-password', token: viewer.accessToken, payload: { email: 'bob@example.org', password: 'second-pw' } });
    expect(ok.statusCode).toBe(200);
    const bad = await t.call({ method: 'POST', url: '/api/auth/verify-password', token: viewer.accessToken, payload: { email: 'bob@example.org', password: 'wrong-pw' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MESSAGES.auth.incorrectPassword);
  });

  it("check-username ignores the caller's own name", async () => {
    const own = await t.call({ method: 'POST', url: '/api/auth/check-username', token: viewer.accessToken, payload: { username: 'BOB' } });
    expect(own.json()).toEqual({ available: true });
    const taken = await t.call({ method: 'POST', url: '/api/auth/check-username', token: viewer.accessToken, payload: { username: 'alice' } });
    expect(taken.json()).toEqual({ available: false });
  });
});

describe('profile', () => {
  it('changes only the fields sent', async () => {
    const s = await t.register('gail');
    const res = await t.call({ method: 'PUT', url: '/api/auth/profile', token: s.accessToken, payload: { mobileNo: '+44 (0) 20-7946' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ username: 'gail', email: 'gail@example.org', mobileNo: '+44 (0) 20-7946' });
  });

  it("applies the spec's profile rules", async () => {
    const s = await t.register('hank');
    const put = (payload: object) => t.call({ method: 'PUT', url: '/api/auth/profile', token: s.accessToken, payload });
    expect((await put({ mobileNo: '12ab' })).json().error).toBe(MESSAGES.profile.mobileInvalid);
    expect((await put({ email: 'hank@' })).json().error).toBe(MESSAGES.profile.emailInvalid);
    expect((await put({ username: '  ' })).json().error).toBe(MESSAGES.profile.usernameRequired);
    const taken = await put({ username: 'Alice' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(MESSAGES.profile.usernameTaken);
    expect((await put({ password: '123', currentPassword: 'secret-pw' })).json().error).toBe(MESSAGES.profile.passwordTooShort);
  });

  it('a new password needs the current one', async () => {
    const s = await t.register('ivy', 'ivy-old-pw');
    const put = (payload: object) => t.call({ method: 'PUT', url: '/api/auth/profile', token: s.accessToken, payload });
    expect((await put({ password: 'ivy-new-pw' })).statusCode).toBe(400);
    expect((await put({ password: 'ivy-new-pw', currentPassword: 'wrong' })).statusCode).toBe(400);
    expect((await put({ password: 'ivy-new-pw', currentPassword: 'ivy-old-pw' })).statusCode).toBe(200);
    expect((await login('ivy', 'ivy-old-pw')).statusCode).toBe(401);
    expect((await login('ivy', 'ivy-new-pw')).statusCode).toBe(200);
  });

  it('remembers the chosen language: profile, sign-in and /auth/me return it; null forgets it', async () => {
    const s = await t.register('jill', 'jill-pw-12');
    const put = (payload: object) => t.call({ method: 'PUT', url: '/api/auth/profile', token: s.accessToken, payload });
    expect(s.user.language).toBeNull();
    expect((await put({ language: 'de' })).json<User>()).toMatchObject({ username: 'jill', language: 'de' });
    expect((await login('jill', 'jill-pw-12')).json<AuthResponse>().user.language).toBe('de');
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: s.accessToken });
    expect(me.json<{ user: User }>().user?.language ?? me.json<User>().language).toBe('de');
    expect((await put({ language: 'xx' })).statusCode).toBe(400);
    expect((await put({ language: null })).json<User>().language).toBeNull();
  });
});
