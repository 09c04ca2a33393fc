import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../client';
import { SessionStore } from '../session-store';

/** A stand-in for a socket.io socket: records handlers and emits; `fire` plays a server event. */
class FakeSocket {
  connected = false;
  handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  emitted: unknown[][] = [];
  disconnects = 0;
  on(name: string, fn: (...args: unknown[]) => void) {
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name)!.add(fn);
    return this;
  }
  off(name: string, fn: (...args: unknown[]) => void) {
    this.handlers.get(name)?.delete(fn);
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  fire(name: string, ...args: unknown[]) {
    if (name === 'connect') this.connected = true;
    for (const fn of [...(this.handlers.get(name) ?? [])]) fn(...args);
  }
  connects = 0;
  connect() {
    this.connects++;
    return this;
  }
  disconnect() {
    this.disconnects++;
    this.connected = false;
    return this;
  }
}

const opened: { url: unknown; options: Record<string, unknown>; socket: FakeSocket }[] = [];
vi.mock('socket.io-client', () => ({
  io: (url: unknown, options: Record<string, unknown>) => {
    const socket = new FakeSocket();
    opened.push({ url, options, socket });
    return socket;
  },
}));

const { acquireSocket, watchNodeUpload, watchSnomedImports } = await import('./socket');

function client(base = ''): ApiClient {
  const session = new SessionStore();
  session.setTokens('token-1', 'refresh-1');
  return { base, session, request: () => Promise.resolve(null as never) };
}

describe('the socket connection (spec §7 Real-time, §9)', () => {
  beforeEach(() => {
    opened.length = 0;
  });

  it('connects websocket first, polling as fallback, reconnecting after 1000 ms up to 5 times, with the current token', () => {
    const api = client('https://kg.example.org');
    const { release } = acquireSocket(api);
    expect(opened).toHaveLength(1);
    const { url, options } = opened[0];
    expect(url).toBe('https://kg.example.org');
    expect(options).toMatchObject({ path: '/socket.io', transports: ['websocket', 'polling'], reconnectionDelay: 1000, reconnectionAttempts: 5 });
    const auth = options.auth as (cb: (data: object) => void) => void;
    let sent: object | null = null;
    auth((data) => (sent = data));
    expect(sent).toEqual({ token: 'token-1' });
    api.session.setTokens('token-2', 'refresh-2');
    auth((data) => (sent = data));
    expect(sent).toEqual({ token: 'token-2' });
    release();
  });

  it('is shared while held and closed when the last holder lets go', () => {
    const api = client('https://a.example.org');
    const a = acquireSocket(api);
    const b = acquireSocket(api);
    expect(opened).toHaveLength(1);
    a.release();
    a.release(); // twice is harmless
    expect(opened[0].socket.disconnects).toBe(0);
    b.release();
    expect(opened[0].socket.disconnects).toBe(1);
    acquireSocket(api).release();
    expect(opened).toHaveLength(2); // a new connection for the next holder
  });

  it('follows a node upload: its event name, job.join on every connection, stops cleanly', () => {
    const api = client('https://b.example.org');
    const events: unknown[] = [];
    const stop = watchNodeUpload(api, 'p1', (e) => events.push(e));
    const socket = opened[0].socket;
    expect(socket.emitted).toEqual([]); // not connected yet
    socket.fire('connect');
    expect(socket.emitted).toEqual([['job.join', 'p1']]);
    socket.fire('upload-progress-p1', { progress: 40, message: 'Inserting', status: 'inserting' });
    socket.fire('upload-progress-p2', { progress: 90, message: 'other', status: 'inserting' });
    expect(events).toEqual([{ progress: 40, message: 'Inserting', status: 'inserting' }]);
    socket.fire('connect'); // a reconnection joins again and gets the current state
    expect(socket.emitted).toHaveLength(2);
    stop();
    socket.fire('upload-progress-p1', { progress: 100, message: 'done', status: 'completed' });
    expect(events).toHaveLength(1);
    expect(socket.disconnects).toBe(1);
  });

  it('follows SNOMED imports on snomed-upload-progress', () => {
    const api = client('https://c.example.org');
    const events: unknown[] = [];
    const stop = watchSnomedImports(api, (e) => events.push(e));
    opened[0].socket.fire('snomed-upload-progress', { processId: 'j1', progress: 10, message: 'Checking', status: 'processing' });
    stop();
    opened[0].socket.fire('snomed-upload-progress', { processId: 'j1', progress: 20, message: 'x', status: 'inserting' });
    expect(events).toHaveLength(1);
  });

  it('after the server ended it (an expired token, changed rights) renews the token and connects again', async () => {
    const api = client('https://d.example.org');
    const calls: string[] = [];
    api.request = ((path: string) => {
      calls.push(path);
      api.session.setTokens('token-fresh', 'refresh-2');
      return Promise.resolve(null as never);
    });
    const { release } = acquireSocket(api);
    const socket = opened[0].socket;
    socket.fire('connect');
    socket.connected = false;
    socket.fire('disconnect', 'transport close'); // socket.io reconnects from this by itself
    await Promise.resolve();
    expect(calls).toEqual([]);
    socket.fire('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    expect(calls).toEqual(['/auth/me']);
    const auth = opened[0].options.auth as (cb: (data: object) => void) => void;
    auth((data) => expect(data).toEqual({ token: 'token-fresh' }));
    release();
  });

  it('does not connect again when the sign-in is over (the renewal ended the session)', async () => {
    const api = client('https://e.example.org');
    api.request = (() => {
      api.session.clear();
      return Promise.reject(new Error('401'));
    });
    const { release } = acquireSocket(api);
    const socket = opened[0].socket;
    socket.fire('disconnect', 'io server disconnect');
    await new Promise((r) => setTimeout(r, 10));
    expect(socket.connects).toBe(0);
    release();
  });
});
