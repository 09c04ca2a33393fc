import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let withoutExamples: TestApp;
/** KG_CORS_ORIGINS as an operator might write it: two origins, and entries that are not origins. */
const LISTED = ['http://127.0.0.1:4000', 'https://portal.example.org', '*', 'http://localhost:*', 'https://x.example/path', 'ws:'];
const ORIGINS = ['http://127.0.0.1:4000', 'https://portal.example.org'];
/** A wildcard in a CSP source list: `*`, a network scheme alone (`https:`, `ws:`), or a `*` in a host or port. */
const wildcards = (sources: string[]) => sources.filter((s) => s.includes('*') || (/^[a-z][a-z0-9+.-]*:$/.test(s) && s !== 'data:' && s !== 'blob:'));
const directiveOf = (csp: string, name: string) => csp.split(/;\s*/).find((d) => d.startsWith(`${name} `))?.split(' ').slice(1) ?? [];
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'host', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'widgets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'host', 'index.html'), '<!doctype html><title>host</title>');
  fs.writeFileSync(path.join(dist, 'host', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, 'host', 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'widgets', 'kg-elements.js'), 'export {}');
  fs.writeFileSync(path.join(dist, 'widgets', 'chunk-8kNmYuZY.js'), 'export {}');
  fs.writeFileSync(path.join(dist, 'widgets', 'kg-graph-explorer.js'), 'export {}');
  fs.mkdirSync(path.join(dist, 'host', 'examples', 'react-app'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'host', 'examples', 'react-app', 'index.html'), '<!doctype html><title>react app</title>');
  fs.mkdirSync(path.join(dist, 'examples'));
  fs.writeFileSync(path.join(dist, 'examples', 'portal.html'), '<!doctype html><title>portal</title>');
  t = await testApp({ distDir: dist, examplesDir: path.join(dist, 'examples'), examples: true, corsOrigins: LISTED });
  withoutExamples = await testApp({ distDir: dist, examplesDir: path.join(dist, 'examples') });
});
afterAll(async () => {
  await t?.close();
  await withoutExamples?.close();
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

  it('sends the favicon a browser asks for on its own to the app icon', async () => {
    const res = await t.call({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
    expect((await t.call({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('answers a missing file with 404, not the app page', async () => {
    for (const url of ['/robots.txt', '/apple-touch-icon.png', '/assets/main-gone.js', '/widgets/chunk-Gone1234.js']) {
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

  it('serves the examples only when enabled (KG_EXAMPLES=1)', async () => {
    for (const url of ['/examples/portal.html', '/examples/', '/examples/react-app/', '/examples/allowed-origins.json']) {
      const res = await withoutExamples.call({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.body, url).not.toContain('<title>portal</title>');
      expect(res.body, url).not.toContain('<title>react app</title>');
      expect(res.body, url).not.toContain('origins');
    }
    expect((await withoutExamples.call({ method: 'GET', url: '/examples/portal.html' })).statusCode).toBe(404);
  });

  it('lets the examples load the widgets from, and call, only this server and the origins in KG_CORS_ORIGINS', async () => {
    const page = await t.call({ method: 'GET', url: '/examples/portal.html', headers: { host: 'kg.example.org:3000' } });
    expect(page.statusCode).toBe(200);
    const csp = page.headers['content-security-policy'] as string;
    expect(directiveOf(csp, 'script-src')).toEqual(["'self'", ...ORIGINS]);
    expect(directiveOf(csp, 'connect-src')).toEqual(["'self'", 'ws://kg.example.org:3000', 'wss://kg.example.org:3000', ...ORIGINS, 'ws://127.0.0.1:4000', 'wss://portal.example.org']);
    expect(directiveOf(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', ...ORIGINS]);
    // No other loopback port, no other host: a crafted ?kg= cannot run script on the app's origin.
    for (const d of csp.split(/;\s*/)) expect(wildcards(d.split(' ').slice(1)), d).toEqual([]);
    // What the pages check ?kg= against before loading anything (examples/kg-origin.js).
    const allowed = await t.call({ method: 'GET', url: '/examples/allowed-origins.json' });
    expect(allowed.json()).toEqual({ origins: ORIGINS });
    // The React example is built with the host and served under /examples/react-app/, with the same policy.
    const react = await t.call({ method: 'GET', url: '/examples/react-app/' });
    expect(react.statusCode).toBe(200);
    expect(react.body).toContain('<title>react app</title>');
    expect(directiveOf(react.headers['content-security-policy'] as string, 'script-src')).toEqual(["'self'", ...ORIGINS]);
  });

  it('keeps the app its own strict policy, with no wildcard (its sockets named by host)', async () => {
    const app = await t.call({ method: 'GET', url: '/', headers: { accept: 'text/html', host: 'kg.example.org' } });
    const csp = app.headers['content-security-policy'] as string;
    expect(directiveOf(csp, 'script-src')).toEqual(["'self'"]);
    expect(directiveOf(csp, 'connect-src')).toEqual(["'self'", 'ws://kg.example.org', 'wss://kg.example.org']);
    for (const d of csp.split(/;\s*/)) expect(wildcards(d.split(' ').slice(1)), d).toEqual([]);
    // A Host header that is not a plain host adds nothing to the policy.
    const odd = await t.call({ method: 'GET', url: '/', headers: { accept: 'text/html', host: 'a b;script-src *' } });
    expect(directiveOf(odd.headers['content-security-policy'] as string, 'connect-src')).toEqual(["'self'"]);
  });

  it('does not force https (plain-HTTP intranet installs keep working)', async () => {
    const page = await t.call({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
