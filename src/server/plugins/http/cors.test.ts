import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ corsOrigins: ['https://portal.example.org'] });
});
afterAll(() => t?.close());

describe('CORS for embedding origins', () => {
  it('allows the configured origin, with the bearer header', async () => {
    const res = await t.call({
      method: 'OPTIONS',
      url: '/api/auth/me',
      headers: { origin: 'https://portal.example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://portal.example.org');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('does not allow other origins', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example.com' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
