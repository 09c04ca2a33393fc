import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../contract';
import { testApp, type TestApp } from '../test/harness';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

/** 'connected', or the server's refusal message. */
function attempt(auth: Record<string, string>): Promise<string> {
  const socket = connect(url, { path: SOCKET_PATH, auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (err) => resolve(err.message));
  });
}

describe('socket.io', () => {
  it('refuses connections without a valid access token', async () => {
    expect(await attempt({})).toBe('unauthorized');
    expect(await attempt({ token: 'not-a-token' })).toBe('unauthorized');
  });

  it('accepts a signed-in user', async () => {
    const { accessToken } = await t.register('sam');
    expect(await attempt({ token: accessToken })).toBe('connected');
  });
});
