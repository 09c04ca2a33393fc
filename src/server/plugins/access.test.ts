import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS, MESSAGES, type AuthResponse } from '../../contract';
import { testApp, type TestApp } from '../test/harness';
import { accessPlugin } from './access';

let t: TestApp;
let admin: AuthResponse;
let viewer: AuthResponse;

beforeAll(async () => {
  // GET /api/roles needs roles.manage (admin only).
  t = await testApp({ authRateLimitPerMinute: 3 });
  admin = await t.register('root');
  viewer = await t.register('vera');
});
afterAll(() => t?.close());

describe('permission guard', () => {
  it('answers 401 without a session, 403 without the permission, 200 with it', async () => {
    const anon = await t.call({ method: 'GET', url: '/api/roles' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: MESSAGES.auth.notAuthenticated, code: 'unauthorized' });
    const denied = await t.call({ method: 'GET', url: '/api/roles', token: viewer.accessToken });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: MESSAGES.auth.forbidden, code: 'forbidden' });
    const allowed = await t.call({ method: 'GET', url: '/api/roles', token: admin.accessToken });
    expect(allowed.statusCode).toBe(200);
  });

  it('a role change applies on the next request', async () => {
    await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'admin') WHERE username = 'vera'`);
    expect((await t.call({ method: 'GET', url: '/api/roles', token: viewer.accessToken })).statusCode).toBe(200);
    await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'viewer') WHERE username = 'vera'`);
    expect((await t.call({ method: 'GET', url: '/api/roles', token: viewer.accessToken })).statusCode).toBe(403);
  });

  it('refuses to start with an API route that has no access rule', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    expect(() => app.get('/api/secret-stuff', async () => 'leak')).toThrow(/GET \/secret-stuff has no entry/);
    await app.close();
  });

  it('every access rule names a known permission', async () => {
    const { PERMISSION_IDS } = await import('../../contract');
    for (const access of Object.values(API_ACCESS)) {
      expect(['public', 'authenticated', ...PERMISSION_IDS]).toContain(access);
    }
  });
});

describe('rate limit on the auth routes', () => {
  it('answers 429 with the error shape after the limit', async () => {
    // An address of its own: the setup's registrations drew on 127.0.0.1's budget (one for all credential routes).
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.7', payload: { login: 'root', password: 'wrong-one' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const res = await attempt();
    expect(res.json()).toEqual({ error: MESSAGES.auth.tooManyAttempts, code: 'rate_limited' });
    // Other routes are not limited.
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: admin.accessToken })).statusCode).toBe(200);
  });
});

describe('health and docs', () => {
  it('GET /api/health reports the database', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.KG_TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
  });

  it('serves the OpenAPI document with the auth routes', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/auth/me', '/api/stats']));
  });

  it('sends security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
