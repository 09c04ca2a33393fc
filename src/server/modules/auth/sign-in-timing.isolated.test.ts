import type * as Crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { NO_PASSWORD_HASH } from '../credentials';

/**
 * Every sign-in runs one scrypt derivation, whatever the account: counted, not timed (a timed
 * assertion would be flaky on a shared machine). Before, an account restored without a password
 * ran none and answered four times faster, which told such accounts apart.
 */
const derivations = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  const scrypt = ((...args: Parameters<typeof crypto.scrypt>) => {
    derivations.count += 1;
    return (crypto.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof crypto.scrypt;
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
  await t.register('admin', 'admin-pw-1');
  await t.register('normal', 'normal-pw-1');
  await t.register('restored', 'restored-pw-1');
  await t.db.query(`UPDATE users SET password_hash = $1 WHERE username = 'restored'`, [NO_PASSWORD_HASH]);
  // The dummy hash is made once per process, on first need: made here so it is not counted below.
  await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'nobody', password: 'x' } });
});
afterAll(() => t?.close());
beforeEach(() => {
  derivations.count = 0;
});

const signIn = (login: string, password: string) => t.call({ method: 'POST', url: '/api/auth/login', payload: { login, password } });

describe('sign-in does the same work for every account', () => {
  it.each([
    ['an account with a password, wrong password', 'normal'],
    ['an account restored without a password', 'restored'],
    ['no such account', 'nobody-at-all'],
  ])('%s: one scrypt derivation, the same refusal', async (_, login) => {
    const res = await signIn(login, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.auth.invalidCredentials, code: 'invalid_credentials' });
    expect(derivations.count).toBe(1);
  });

  it('checking the current password of a restored account also derives once', async () => {
    const admin = (await signIn('admin', 'admin-pw-1')).json();
    derivations.count = 0;
    await t.db.query(`UPDATE users SET password_hash = $1 WHERE username = 'admin'`, [NO_PASSWORD_HASH]);
    const res = await t.call({ method: 'POST', url: '/api/auth/verify-password', token: admin.accessToken, payload: { password: 'admin-pw-1' } });
    expect(res.statusCode).toBe(400);
    expect(derivations.count).toBe(1);
  });
});
