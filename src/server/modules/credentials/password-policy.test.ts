import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, NUL_MESSAGE, PASSWORD_MESSAGES, type AuthResponse } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { isCommonPassword } from './password-policy';

/** Weak passwords are refused with a clear message wherever a password is set. */
let t: TestApp;
let admin: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
});
afterAll(() => t?.close());

const register = (username: string, password: string, email = `${username}@example.org`) =>
  t.call({ method: 'POST', url: '/api/auth/register', payload: { username, email, password } });
const createUser = (username: string, password: string) =>
  t.call({ method: 'POST', url: '/api/users', token: admin.accessToken, payload: { username, email: `${username}@example.org`, password, role: 'viewer' } });
const errorOf = (res: { statusCode: number; json: () => { error: string } }) => [res.statusCode, res.json().error];

describe('the common-password list', () => {
  it('holds the 10,000 most common passwords, case-insensitively, and not rarer ones', () => {
    for (const p of ['123456', 'password', 'qwerty', 'Dragon', 'letmein', 'PASSWORD1', 'iloveyou']) expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['secret-pw', 'Tr0ub4dor&3x', 'correct-horse-7']) expect(isCommonPassword(p), p).toBe(false);
  });
});

describe('registration', () => {
  it("keeps the spec's minimum-length message", async () => {
    expect(errorOf(await register('dora', 'abc12'))).toEqual([400, MESSAGES.auth.passwordTooShort]);
  });

  it('refuses common passwords, the username or email (any case), whitespace-only and NUL passwords', async () => {
    expect(errorOf(await register('dora', 'password'))).toEqual([400, PASSWORD_MESSAGES.tooCommon]);
    expect(errorOf(await register('dora', 'Qwerty123'))).toEqual([400, PASSWORD_MESSAGES.tooCommon]);
    expect(errorOf(await register('Dora-The-Explorer', 'dora-the-explorer'))).toEqual([400, PASSWORD_MESSAGES.sameAsAccount]);
    expect(errorOf(await register('dora', 'DORA@example.org'))).toEqual([400, PASSWORD_MESSAGES.sameAsAccount]);
    expect(errorOf(await register('dora', '        '))).toEqual([400, PASSWORD_MESSAGES.whitespaceOnly]);
    expect(errorOf(await register('dora', 'abc\u0000defgh'))).toEqual([400, NUL_MESSAGE]);
    expect(await t.db.query("SELECT 1 FROM users WHERE lower(username) LIKE 'dora%'")).toEqual([]);
    expect((await register('dora', 'dora-strong-7')).statusCode).toBe(201);
  });
});

describe('password change', () => {
  it('refuses the same weak passwords and keeps the old one', async () => {
    const u = await t.register('emil', 'emil-strong-7');
    const change = (password: string, extra: object = {}) =>
      t.call({ method: 'PUT', url: '/api/auth/profile', token: u.accessToken, payload: { password, currentPassword: 'emil-strong-7', ...extra } });
    expect(errorOf(await change('12345'))).toEqual([400, MESSAGES.profile.passwordTooShort]);
    expect(errorOf(await change('football'))).toEqual([400, PASSWORD_MESSAGES.tooCommon]);
    expect(errorOf(await change('EMIL@example.org'))).toEqual([400, PASSWORD_MESSAGES.sameAsAccount]);
    // The new username in the same request counts too.
    expect(errorOf(await change('emil-renamed', { username: 'emil-renamed' }))).toEqual([400, PASSWORD_MESSAGES.sameAsAccount]);
    expect(errorOf(await change('\t \t \t '))).toEqual([400, PASSWORD_MESSAGES.whitespaceOnly]);
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'emil', password: 'emil-strong-7' } });
    expect(login.statusCode).toBe(200);
    expect((await change('emil-stronger-8')).statusCode).toBe(200);
  });
});

describe('administrators creating users', () => {
  it('are held to the same rules', async () => {
    expect(errorOf(await createUser('fran', 'sunshine'))).toEqual([400, PASSWORD_MESSAGES.tooCommon]);
    expect(errorOf(await createUser('fran', 'FRAN@example.org'))).toEqual([400, PASSWORD_MESSAGES.sameAsAccount]);
    expect(errorOf(await createUser('fran', '      '))).toEqual([400, PASSWORD_MESSAGES.whitespaceOnly]);
    expect((await createUser('fran', 'fran-strong-7')).statusCode).toBe(201);
  });
});
