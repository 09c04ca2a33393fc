import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type AuthResponse } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openPostgres } from '../../db/postgres';
import { withDatabase } from '../../test/global-setup';
import { testApp, type TestApp } from '../../test/harness';

/**
 * One budget per client address over every credential route, one per account for sign-in and
 * password checks (plugins/limits/credential-limits.ts). Each test speaks from its own documentation
 * address (203.0.113.x), so budgets do not leak between tests; setup comes from 127.0.0.1.
 */
const PER_ADDRESS = 6;
const PER_ACCOUNT = 3;
let t: TestApp;
let alice: AuthResponse;

beforeAll(async () => {
  t = await testApp({ authRateLimitPerMinute: PER_ADDRESS, authAccountRateLimitPerMinute: PER_ACCOUNT });
  alice = await t.register('alice', 'alice-pass-2041');
  await t.register('bob', 'bob-pass-5522');
});
afterAll(() => t?.close());

const from = (app: FastifyInstance, address: string) => (options: InjectOptions & { token?: string }) => {
  const { token, headers, ...rest } = options;
  return app.inject({ ...rest, remoteAddress: address, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
};
const login = (login: string, password = 'wrong-password') => ({ method: 'POST' as const, url: '/api/auth/login', payload: { login, password } });

function expectRefused(res: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: MESSAGES.auth.tooManyAttempts, code: 'rate_limited' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('one budget per address over all credential routes', () => {
  it('login, register, refresh, verify-password, check-username and a password change draw on the same budget', async () => {
    const call = from(t.app, '203.0.113.1');
    const answers = [
      await call(login('nobody-here')),
      await call({ method: 'POST', url: '/api/auth/register', payload: { username: 'a', email: 'not-an-email', password: 'x' } }),
      await call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'not-a-token' } }),
      await call({ method: 'POST', url: '/api/auth/verify-password', token: alice.accessToken, payload: { password: 'wrong-password' } }),
      await call({ method: 'POST', url: '/api/auth/check-username', token: alice.accessToken, payload: { username: 'carol' } }),
      await call({ method: 'PUT', url: '/api/auth/profile', token: alice.accessToken, payload: { currentPassword: 'wrong-password', password: 'another-pass-1' } }),
    ];
    expect(answers.map((r) => r.statusCode)).not.toContain(429);
    // The budget is spent: every credential route now refuses this address, even check-username.
    expectRefused(await call({ method: 'POST', url: '/api/auth/check-username', token: alice.accessToken, payload: { username: 'carol' } }));
    expectRefused(await call(login('alice', 'alice-pass-2041')));
    expectRefused(await call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: alice.refreshToken } }));
    // Other routes, and other addresses, are not affected.
    expect((await call({ method: 'GET', url: '/api/auth/me', token: alice.accessToken })).statusCode).toBe(200);
    expect((await from(t.app, '203.0.113.2')({ method: 'POST', url: '/api/auth/check-username', token: alice.accessToken, payload: { username: 'carol' } })).statusCode).toBe(200);
  });

  it('a profile change without a password does not count', async () => {
    const call = from(t.app, '203.0.113.3');
    for (let i = 0; i < PER_ADDRESS + 2; i++) {
      const res = await call({ method: 'PUT', url: '/api/auth/profile', token: alice.accessToken, payload: { mobileNo: '' } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('malformed attempts count too (the limit runs before the schema check)', async () => {
    const call = from(t.app, '203.0.113.4');
    for (let i = 0; i < PER_ADDRESS; i++) expect((await call({ method: 'POST', url: '/api/auth/login', payload: { login: 42 } })).statusCode).toBe(400);
    expectRefused(await call(login('nobody-at-all')));
  });
});

describe('one budget per account for sign-in', () => {
  it('many addresses cannot hammer one account, by username or by email', async () => {
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await from(t.app, `203.0.113.${10 + i}`)(login('bob'))).statusCode).toBe(401);
    // A fresh address, the right password: the account's budget is spent.
    expectRefused(await from(t.app, '203.0.113.20')(login('bob', 'bob-pass-5522')));
    expectRefused(await from(t.app, '203.0.113.21')(login('BOB@example.org', 'bob-pass-5522')));
    // Other accounts are not affected.
    await t.register('erin', 'erin-pass-3187');
    expect((await from(t.app, '203.0.113.22')(login('erin', 'erin-pass-3187'))).statusCode).toBe(200);
  });

  it('one address cannot try a full budget on each of many accounts', async () => {
    const call = from(t.app, '203.0.113.30');
    const statuses = [];
    for (let i = 0; i < PER_ADDRESS + 1; i++) statuses.push((await call(login(`someone-${i}`))).statusCode);
    expect(statuses.slice(0, PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a signed-in password check draws on the account budget', async () => {
    const carol = await t.register('carol', 'carol-pass-7310');
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await from(t.app, `203.0.113.${40 + i}`)({ method: 'POST', url: '/api/auth/verify-password', token: carol.accessToken, payload: { password: 'guess' } });
      expect(res.statusCode).toBe(400);
    }
    expectRefused(await from(t.app, '203.0.113.50')(login('carol', 'carol-pass-7310')));
  });
});

describe.runIf(process.env.KG_TEST_DB === 'postgres')('two instances on one PostgreSQL', () => {
  it('share both budgets', async () => {
    const [{ name }] = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const second = await buildApp(testConfig({ authRateLimitPerMinute: PER_ADDRESS, authAccountRateLimitPerMinute: PER_ACCOUNT }), {
      db: await openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, name), 2),
    });
    try {
      const one = from(t.app, '203.0.113.60');
      const two = from(second, '203.0.113.60');
      // Half the address budget on each instance, then both refuse.
      for (let i = 0; i < PER_ADDRESS / 2; i++) {
        expect((await one({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x' } })).statusCode).toBe(401);
        expect((await two({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x' } })).statusCode).toBe(401);
      }
      expectRefused(await one({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x' } }));
      expectRefused(await two({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x' } }));

      // The account budget too, with attempts racing on both instances at once.
      const dave = await t.register('dave', 'dave-pass-6604');
      const attempts = await Promise.all(
        Array.from({ length: 8 }, (_, i) => from(i % 2 ? second : t.app, `203.0.113.${70 + i}`)(login(dave.user.username))),
      );
      expect(attempts.filter((r) => r.statusCode === 401)).toHaveLength(PER_ACCOUNT);
      expect(attempts.filter((r) => r.statusCode === 429)).toHaveLength(8 - PER_ACCOUNT);
    } finally {
      await second.close();
    }
  });
});
