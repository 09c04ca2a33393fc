import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/harness';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'host', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'widgets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'host', 'index.html'), '<!doctype html><title>host</title>');
  fs.writeFileSync(path.join(dist, 'host', 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'widgets', 'kg-elements.js'), 'export {}');
  fs.writeFileSync(path.join(dist, 'widgets', 'chunk-8kNmYuZY.js'), 'export {}');
  fs.writeFileSync(path.join(dist, 'widgets', 'kg-graph-explorer.js'), 'export {}');
  fs.mkdirSync(path.join(dist, 'host', 'examples', 'react-app'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'host', 'examples', 'react-app', 'index.html'), '<!doctype html><title>react app</title>');
  fs.mkdirSync(path.join(dist, 'examples'));
  fs.writeFileSync(path.join(dist, 'examples', 'portal.html'), '<!doctype html><title>portal</title>');
  t = await testApp({ distDir: dist, examplesDir: path.join(dist, 'examples') });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves client routes with the app shell, never for /api', async () => {
    const page = await t.call({ method: 'GET', url: '/nodes/view/123', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>host</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await t.call({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });

  it('answers a missing file with 404, not the app page (a browser asks for /favicon.ico on its own)', async () => {
    for (const url of ['/favicon.ico', '/assets/main-gone.js', '/widgets/chunk-Gone1234.js']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>host</title>');
    }
    // Client routes, query strings with dots included, still get the app.
    expect((await t.call({ method: 'GET', url: '/search?q=vitamin+b12.5', headers: { accept: 'text/html' } })).body).toContain('<title>host</title>');
  });

  it('caches hashed files for good and revalidates stable entries', async () => {
    expect((await t.call({ method: 'GET', url: '/assets/main-abc123.js' })).headers['cache-control']).toContain('immutable');
    const entry = await t.call({ method: 'GET', url: '/widgets/kg-elements.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect((await t.call({ method: 'GET', url: '/widgets/chunk-8kNmYuZY.js' })).headers['cache-control']).toContain('immutable');
    expect((await t.call({ method: 'GET', url: '/widgets/kg-graph-explorer.js' })).headers['cache-control']).toBe('no-cache');
  });

  it('lets the examples load the widgets and call the API of another origin on this machine (?kg=), no other', async () => {
    const page = await t.call({ method: 'GET', url: '/examples/portal.html' });
    expect(page.statusCode).toBe(200);
    const csp = page.headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))!.split(' ').slice(1);
    expect(directive('script-src')).toEqual(["'self'", 'http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*', 'https://127.0.0.1:*']);
    expect(directive('connect-src')).toContain('http://127.0.0.1:*');
    // A crafted ?kg=https://evil.example must not run script on the app's origin (where the tokens are).
    for (const name of ['script-src', 'connect-src']) expect(directive(name).filter((s) => /^(https?|wss?):$/.test(s) || s === '*')).toEqual([]);
    // The app itself keeps its strict policy.
    const app = await t.call({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(app.headers['content-security-policy']).toContain("script-src 'self';");
    // The React example is built with the host and served under /examples/react-app/.
    const react = await t.call({ method: 'GET', url: '/examples/react-app/' });
    expect(react.statusCode).toBe(200);
    expect(react.body).toContain('<title>react app</title>');
  });

  it('does not force https (plain-HTTP intranet installs keep working)', async () => {
    const page = await t.call({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
