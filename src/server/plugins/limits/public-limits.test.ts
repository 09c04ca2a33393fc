import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS, MESSAGES, type Access } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { CREDENTIAL_ROUTES } from './credential-limits';
import { UNCOUNTED_PUBLIC_ROUTES, countedPublicRoutes } from './public-limits';

/**
 * Every public route that does work counts against a rate limit: the credential routes against
 * their budget (credential-limits.ts), every other public route (sign-out, attachment links, the
 * probes) against the public budget, counted before the body is read. The routes come from the
 * contract's access table, so a public route added later is tested too. Each route is hammered from
 * its own documentation address (198.51.100.x), so the budgets do not leak between cases.
 */
const BUDGET = 4;
const ID = '00000000-0000-4000-8000-000000000001';
let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await testApp({ publicRateLimitPerMinute: BUDGET, authRateLimitPerMinute: BUDGET });
});
afterAll(() => t?.close());

const publicRoutes = Object.entries(API_ACCESS as Record<string, Access>)
  .filter(([, access]) => access === 'public')
  .map(([key]) => key);

/** A request to a contract route (`POST /auth/logout`) with a body the route cannot use. */
function requestFor(key: string): InjectOptions {
  const [method, path] = key.split(' ');
  const url = `/api${path.replace(/:\w+/g, ID)}`;
  return method === 'GET' ? { method, url } : { method: method, url, payload: { refreshToken: 'not-a-token' } };
}

const fromNewAddress = () => {
  const remoteAddress = `198.51.100.${++address}`;
  return (options: InjectOptions): Promise<LightMyRequestResponse> => t.app.inject({ ...options, remoteAddress });
};

function expectRefused(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, label).toBe(429);
  expect(res.json(), label).toEqual({ error: MESSAGES.auth.tooManyAttempts, code: 'rate_limited' });
  expect(Number(res.headers['retry-after']), label).toBeGreaterThanOrEqual(1);
}

describe('public routes are rate limited', () => {
  it('covers every public route of the contract: credential budget, public budget, or named as doing no work', () => {
    for (const key of publicRoutes) expect(key in CREDENTIAL_ROUTES || countedPublicRoutes().includes(key) || UNCOUNTED_PUBLIC_ROUTES.includes(key), key).toBe(true);
    expect(countedPublicRoutes()).toEqual(expect.arrayContaining(['POST /auth/logout', 'GET /attachments/:attachmentId/content', 'GET /health', 'GET /ready']));
    expect(UNCOUNTED_PUBLIC_ROUTES).toEqual(['GET /live']);
  });

  it.each(publicRoutes.filter((k) => !UNCOUNTED_PUBLIC_ROUTES.includes(k)))('%s answers 429 from one address past the budget', async (key) => {
    const call = fromNewAddress();
    for (let i = 0; i < BUDGET; i++) expect((await call(requestFor(key))).statusCode, `${key} #${i + 1}`).not.toBe(429);
    expectRefused(await call(requestFor(key)), key);
    // Another address still gets through.
    expect((await fromNewAddress()(requestFor(key))).statusCode).not.toBe(429);
  });

  it('sign-out is refused before its body is read: a too-deep body past the budget is a 429, not parsed', async () => {
    const call = fromNewAddress();
    const deep = { method: 'POST' as const, url: '/api/auth/logout', headers: { 'content-type': 'application/json' }, payload: '['.repeat(100_000) + ']'.repeat(100_000) };
    for (let i = 0; i < BUDGET; i++) expect((await call(deep)).json().code).toBe('too_deep');
    expectRefused(await call(deep), 'deep logout');
  });

  it('the public routes share one budget per address; /live, which does no work, keeps answering', async () => {
    const call = fromNewAddress();
    await call(requestFor('POST /auth/logout'));
    await call(requestFor('GET /health'));
    await call(requestFor('GET /ready'));
    await call(requestFor('GET /attachments/:attachmentId/content'));
    expectRefused(await call(requestFor('POST /auth/logout')), 'shared budget');
    for (let i = 0; i < BUDGET * 3; i++) expect((await call({ method: 'GET', url: '/api/live' })).statusCode).toBe(200);
  });
});
