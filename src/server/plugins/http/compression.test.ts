import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/build/precompress.mjs';
import type { AuthResponse } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Bytes on the wire: API answers above 1 KB are compressed (brotli or gzip, as the client
 * accepts), built assets are sent as the .br/.gz files the build wrote, and downloads that are
 * already compressed (xlsx) go out as they are.
 */
let t: TestApp;
let editor: AuthResponse;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-dist-'));
// A script of ~20 KB that compresses well, like a built chunk.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'knowledge graph ${i}';`).join('\n');

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'host', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'widgets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'host', 'index.html'), '<!doctype html><title>host</title>');
  fs.writeFileSync(path.join(dist, 'host', 'assets', 'main-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'widgets', 'kg-elements.js'), SCRIPT);
  precompress(dist);
  t = await testApp({ distDir: dist });
  const admin = await t.register('admin');
  editor = await t.register('ed');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  await t.db.query(
    `INSERT INTO nodes (name, node_type_id, description)
     SELECT 'disease ' || i, (SELECT id FROM node_types WHERE name = 'Disease'), 'a description long enough to matter ' || i
       FROM generate_series(1, 40) i`,
  );
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('compressed API answers', () => {
  const get = (acceptEncoding?: string) =>
    t.call({ method: 'GET', url: '/api/nodes?limit=40', token: editor.accessToken, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli, gzip or plain JSON as the client accepts, all the same answer', async () => {
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    const expected = plain.json();
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['identity', undefined],
    ] as const) {
      const res = await get(accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      if (encoding) expect(res.headers.vary).toMatch(/accept-encoding/i);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decode(res.rawPayload, encoding).toString('utf8'))).toEqual(expected);
    }
  });

  it('leaves answers under 1 KB alone', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends an xlsx download as it is (a zip already), not compressed again', async () => {
    const plain = await t.call({ method: 'GET', url: '/api/nodes/template', token: editor.accessToken });
    const res = await t.call({ method: 'GET', url: '/api/nodes/template', token: editor.accessToken, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(res.rawPayload.length).toBe(plain.rawPayload.length);
  });
});

describe('precompressed built assets', () => {
  for (const url of ['/assets/main-abc123.js', '/widgets/kg-elements.js']) {
    it(`${url}: the build's .br or .gz file, or the file itself`, async () => {
      const file = path.join(dist, url.startsWith('/widgets/') ? '' : 'host', url);
      for (const [accept, encoding, sent] of [
        ['br', 'br', `${file}.br`],
        ['gzip', 'gzip', `${file}.gz`],
        ['gzip, deflate, br', 'br', `${file}.br`],
        [undefined, undefined, file],
      ] as const) {
        const res = await t.call({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/javascript/);
        // Byte for byte the file written at build time: not compressed again on the way out.
        expect(res.rawPayload.equals(fs.readFileSync(sent))).toBe(true);
        expect(decode(res.rawPayload, encoding).toString('utf8')).toBe(SCRIPT);
      }
    });
  }

  it('the build writes no variant for small files and removes stale ones', async () => {
    expect(fs.existsSync(path.join(dist, 'host', 'index.html.br'))).toBe(false);
    fs.writeFileSync(path.join(dist, 'host', 'assets', 'main-abc123.js'), 'console.log(1)');
    precompress(dist);
    expect(fs.existsSync(path.join(dist, 'host', 'assets', 'main-abc123.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'host', 'assets', 'main-abc123.js.gz'))).toBe(false);
  });
});

describe('request bodies', () => {
  it('are not inflated: a gzip body is refused, not decompressed', async () => {
    const body = zlib.gzipSync(JSON.stringify({ name: 'Gzipped', nodeType: 'Disease' }));
    const res = await t.call({
      method: 'POST',
      url: '/api/nodes',
      token: editor.accessToken,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.db.query(`SELECT 1 FROM nodes WHERE name = 'Gzipped'`)).length).toBe(0);
  });
});
