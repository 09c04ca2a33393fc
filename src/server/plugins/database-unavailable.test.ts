import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH, type AuthResponse } from '../../contract';
import { testApp, type TestApp } from '../test/harness';

/**
 * What a request meets when the database connection is gone, on both databases: the fault
 * is injected at the edge (the Db's query answers as pg does when its socket closed), the
 * rest is the real app. The real connection loss on PostgreSQL is db/connection/connection-loss*.test.ts.
 */
let t: TestApp;
let session: AuthResponse;
let url: string;
let failing = false;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await testApp();
  session = await t.register('blip_user', 'Lunar-Thicket-38');
  const query = t.db.query.bind(t.db);
  t.db.query = ((sql: string, params?: unknown[]) =>
    failing ? Promise.reject(new Error('Connection terminated unexpectedly')) : query(sql, params));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

describe('a lost database connection', () => {
  it('answers 503 database_unavailable with Retry-After, then serves again', async () => {
    failing = true;
    for (const [method, path] of [
      ['GET', '/api/health'],
      ['GET', '/api/auth/me'],
    ] as const) {
      const res = await t.call({ method, url: path, token: session.accessToken });
      expect(res.statusCode, path).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ error: 'The database connection was lost. Try again in a moment.', code: 'database_unavailable' });
    }
    failing = false;
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: session.accessToken })).statusCode).toBe(200);
  });

  it('refuses a socket as database_unavailable, not unauthorized (the client retries instead of refreshing)', async () => {
    const attempt = () =>
      new Promise<string>((resolve) => {
        const socket = connect(url, { path: SOCKET_PATH, auth: { token: session.accessToken }, transports: ['websocket'], reconnection: false });
        sockets.push(socket);
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', (err) => resolve(err.message));
      });
    failing = true;
    expect(await attempt()).toBe('database_unavailable');
    failing = false;
    expect(await attempt()).toBe('connected');
  });
});
