import { describe, expect, it, vi } from 'vitest';
import type { ChangeMessage } from '../../contract/live/live-changes';
import { SOCKET_EVENTS } from '../../contract/live/socket';
import type { ApiClient } from '../client';
import type { LiveUpdate } from './live-changes';
import { concerns, deletionOf } from './live-interest';
import { SessionStore } from '../session-store';

/** A stand-in for a socket.io socket: records handlers; `fire` plays a server event. */
class FakeSocket {
  connected = false;
  handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(name: string, fn: (...args: unknown[]) => void) {
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name)!.add(fn);
    return this;
  }
  off(name: string, fn: (...args: unknown[]) => void) {
    this.handlers.get(name)?.delete(fn);
    return this;
  }
  emit() {
    return this;
  }
  fire(name: string, ...args: unknown[]) {
    if (name === 'connect') this.connected = true;
    if (name === 'disconnect') this.connected = false;
    for (const fn of [...(this.handlers.get(name) ?? [])]) fn(...args);
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
}

const opened: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    opened.push(socket);
    return socket;
  },
}));
const { watchChanges } = await import('./live-changes');

function client(base: string): ApiClient {
  const session = new SessionStore();
  session.setTokens('token-1', 'refresh-1');
  return { base, session, request: () => Promise.resolve(null as never) };
}

const message = (over: Partial<ChangeMessage>): ChangeMessage => ({ entityType: 'node', id: 'n1', action: 'update', fields: ['name'], actor: { id: 'u1', username: 'ann' }, at: '2026-01-01T00:00:00.000Z', ...over });

describe('watchChanges', () => {
  it('hands every watcher the change messages, then a resync when the connection comes back, and lets go of the socket', () => {
    vi.useFakeTimers();
    const api = client('http://live-a.test');
    const a: LiveUpdate[] = [];
    const b: LiveUpdate[] = [];
    const stopA = watchChanges(api, (u) => a.push(u));
    const stopB = watchChanges(api, (u) => b.push(u));
    expect(opened).toHaveLength(1); // one shared connection per API base
    const socket = opened[0];
    socket.fire('connect'); // the first connection is not a resync
    socket.fire(SOCKET_EVENTS.changes, { changes: [message({})] });
    socket.fire(SOCKET_EVENTS.changes, { changes: [] }); // nothing to say: no call
    socket.fire('disconnect');
    socket.fire('connect');
    expect(a).toEqual([
      { changes: [message({})], resync: false },
      { changes: [], resync: true },
    ]);
    expect(b).toEqual(a);
    stopA();
    socket.fire(SOCKET_EVENTS.changes, { changes: [message({ id: 'n2' })] });
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(3);
    stopB();
    expect(socket.handlers.get(SOCKET_EVENTS.changes)?.size ?? 0).toBe(0);
    // The connection lingers for the next screen (list → detail), then closes.
    const c = watchChanges(api, () => undefined);
    expect(opened).toHaveLength(1);
    c();
    expect(socket.connected).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(socket.connected).toBe(false);
    vi.useRealTimers();
  });
});

describe('which changes concern a screen', () => {
  it('matches by type, or by record (a bulk change of the type counts), and finds deletions', () => {
    expect(concerns(message({}), { types: ['node', 'node_type'] })).toBe(true);
    expect(concerns(message({ entityType: 'relation' }), { types: ['node'] })).toBe(false);
    expect(concerns(message({ id: 'n1' }), { records: [{ type: 'node', id: 'n1' }] })).toBe(true);
    expect(concerns(message({ id: 'n2' }), { records: [{ type: 'node', id: 'n1' }] })).toBe(false);
    expect(concerns(message({ id: null, action: 'bulk', count: 60 }), { records: [{ type: 'node', id: 'n1' }] })).toBe(true);
    expect(concerns(message({ entityType: 'relation', id: 'n1' }), { records: [{ type: 'node', id: 'n1' }] })).toBe(false);
    const gone = message({ action: 'delete' });
    expect(deletionOf([message({}), gone], 'node', 'n1')).toBe(gone);
    expect(deletionOf([message({})], 'node', 'n1')).toBeNull();
  });
});
