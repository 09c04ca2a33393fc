import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_EVENTS, PRESENCE_LIMITS, SOCKET_PATH, type PresenceUpdate, type Role } from '../../contract';
import { testApp, type TestApp } from '../test/harness';
import { mergePeople, type PresenceAck } from './presence';

/**
 * Presence on one server: who joins a record is told to the others in its room, leaving or closing
 * the socket takes them out at once, a silent one is gone within 10 s; a socket without the read
 * permission of a kind cannot join (and so sees nobody, and is seen by nobody).
 */
let t: TestApp;
let url: string;
const open: Socket[] = [];
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  // The session sweep every half second: a socket whose user lost a permission goes within a second.
  t = await testApp({ socketSessionCheckMs: 500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = await t.register('pres_admin');
  const viewer = await t.register('pres_viewer');
  const outsider = await t.register('pres_outsider');
  const role = (await t.call({ method: 'POST', url: '/api/roles', token: admin.accessToken, payload: { name: 'Presence log readers', permissions: ['system.logs'] } })).json<Role>();
  expect((await t.call({ method: 'PUT', url: `/api/users/${outsider.user.id}`, token: admin.accessToken, payload: { roleId: role.id } })).statusCode).toBe(200);
  const again = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'pres_outsider', password: 'secret-pw' } });
  const demoted = await t.register('pres_demoted');
  tokens.demoted = demoted.accessToken;
  ids.demoted = demoted.user.id;
  ids.logReaders = role.id;
  tokens.admin = admin.accessToken;
  tokens.viewer = viewer.accessToken;
  tokens.outsider = again.json<{ accessToken: string }>().accessToken;
  ids.admin = admin.user.id;
  ids.viewer = viewer.user.id;
  ids.outsider = outsider.user.id;
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await t?.close();
});

interface Client {
  socket: Socket;
  updates: PresenceUpdate[];
  join(kind: string, id: string, mode?: string): Promise<PresenceAck>;
  leave(kind: string, id: string): Promise<PresenceAck>;
  /** Resolves with the first update on the record (already received or coming) that `test` accepts. */
  until(kind: string, id: string, test: (u: PresenceUpdate) => boolean, ms?: number): Promise<PresenceUpdate>;
}

async function client(name: string): Promise<Client> {
  const socket = connect(url, { path: SOCKET_PATH, auth: { token: tokens[name] }, transports: ['websocket'], reconnection: false });
  open.push(socket);
  const updates: PresenceUpdate[] = [];
  socket.on(PRESENCE_EVENTS.update, (u: PresenceUpdate) => updates.push(u));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return {
    socket,
    updates,
    join: (kind, id, mode = 'viewing') => socket.timeout(5000).emitWithAck(PRESENCE_EVENTS.join, { kind, id, mode }) as Promise<PresenceAck>,
    leave: (kind, id) => socket.timeout(5000).emitWithAck(PRESENCE_EVENTS.leave, { kind, id }) as Promise<PresenceAck>,
    async until(kind, id, test, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = updates.filter((u) => u.kind === kind && u.id === id).at(-1);
        if (found && test(found)) return found;
        if (Date.now() > deadline) throw new Error(`no such presence update on ${kind}:${id} (last: ${JSON.stringify(found)})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

const names = (u: PresenceUpdate) => u.people.map((p) => `${p.username}:${p.mode}`);
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('presence', () => {
  it('tells everyone on a record who is there, and who left or closed', async () => {
    const admin = await client('admin');
    const viewer = await client('viewer');
    expect(await admin.join('node', 'node-a', 'editing')).toEqual({ ok: true });
    expect(await viewer.join('node', 'node-a')).toEqual({ ok: true });
    await admin.until('node', 'node-a', (u) => names(u).join() === 'pres_admin:editing,pres_viewer:viewing');
    await viewer.until('node', 'node-a', (u) => names(u).join() === 'pres_admin:editing,pres_viewer:viewing');
    expect((await admin.until('node', 'node-a', () => true)).people[0]).toEqual({ userId: ids.admin, username: 'pres_admin', mode: 'editing' });

    // A second record is its own room: node-a's people hear nothing of it.
    await viewer.join('relation', 'rel-a');
    await viewer.until('relation', 'rel-a', (u) => names(u).join() === 'pres_viewer:viewing');
    expect(admin.updates.some((u) => u.id === 'rel-a')).toBe(false);

    expect(await viewer.leave('node', 'node-a')).toEqual({ ok: true });
    await admin.until('node', 'node-a', (u) => names(u).join() === 'pres_admin:editing');
    await viewer.join('node', 'node-a');
    await admin.until('node', 'node-a', (u) => u.people.length === 2);
    viewer.socket.close();
    await admin.until('node', 'node-a', (u) => names(u).join() === 'pres_admin:editing', 2000);
    admin.socket.close();
  });

  it('forgets a socket that stopped saying it is there within 10 s', { timeout: 20_000 }, async () => {
    const admin = await client('admin');
    const silent = await client('viewer');
    await silent.join('node', 'node-silent');
    await admin.join('node', 'node-silent');
    const started = Date.now();
    await admin.until('node', 'node-silent', (u) => u.people.length === 2);
    // The admin keeps saying it is there; the viewer's socket stays open but says nothing more.
    const beat = setInterval(() => void admin.join('node', 'node-silent'), PRESENCE_LIMITS.heartbeatMs);
    try {
      await admin.until('node', 'node-silent', (u) => names(u).join() === 'pres_admin:viewing', 12_000);
    } finally {
      clearInterval(beat);
    }
    expect(Date.now() - started).toBeLessThan(10_500);
    expect(silent.socket.connected).toBe(true);
    admin.socket.close();
    silent.socket.close();
  });

  it('refuses a join without the read permission of that kind: nobody seen, and not seen', async () => {
    const admin = await client('admin');
    const outsider = await client('outsider');
    const viewer = await client('viewer');
    await admin.join('node', 'node-b');
    await admin.join('role', 'role-b');
    await admin.until('node', 'node-b', (u) => u.people.length === 1);
    // A role without nodes.read: no node presence either way.
    expect(await outsider.join('node', 'node-b')).toEqual({ ok: false, code: 'forbidden' });
    // A viewer reads nodes but does not manage roles: no presence on a role.
    expect(await viewer.join('role', 'role-b')).toEqual({ ok: false, code: 'forbidden' });
    expect(await viewer.join('user', ids.admin)).toEqual({ ok: false, code: 'forbidden' });
    await settle();
    expect(outsider.updates).toEqual([]);
    expect(viewer.updates).toEqual([]);
    expect(names(await admin.until('node', 'node-b', () => true))).toEqual(['pres_admin:viewing']);
    expect(names(await admin.until('role', 'role-b', () => true))).toEqual(['pres_admin:viewing']);
    [admin, outsider, viewer].forEach((c) => c.socket.close());
  });

  it('takes out, within seconds, a person whose role lost the read permission while on a record', async () => {
    const admin = await client('admin');
    const demoted = await client('demoted');
    await admin.join('node', 'node-d');
    await demoted.join('node', 'node-d', 'editing');
    await admin.until('node', 'node-d', (u) => names(u).join() === 'pres_admin:viewing,pres_demoted:editing');
    const gone = new Promise<void>((resolve) => demoted.socket.once('disconnect', () => resolve()));
    const started = Date.now();
    const res = await t.call({ method: 'PUT', url: `/api/users/${ids.demoted}`, token: tokens.admin, payload: { roleId: ids.logReaders } });
    expect(res.statusCode).toBe(200);
    await admin.until('node', 'node-d', (u) => names(u).join() === 'pres_admin:viewing', 5000);
    await gone;
    expect(Date.now() - started).toBeLessThan(5000);
    admin.socket.close();
  });

  it('refuses a socket without a sign-in, and joins that are malformed or too many', async () => {
    const anonymous = connect(url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
    open.push(anonymous);
    await expect(new Promise((resolve, reject) => (anonymous.on('connect', () => resolve('connected')), anonymous.on('connect_error', (e) => reject(e))))).rejects.toThrow('unauthorized');

    const admin = await client('admin');
    for (const bad of [null, 'node', { kind: 'node', id: 'x', mode: 'owning' }, { kind: 'audit', id: 'x', mode: 'viewing' }, { kind: 'node', id: 'a b', mode: 'viewing' }, { kind: 'node', id: 'x'.repeat(PRESENCE_LIMITS.idMax + 1), mode: 'viewing' }, { kind: 'node', id: 'x', mode: 'viewing', extra: 1 }]) {
      expect(await admin.socket.timeout(5000).emitWithAck(PRESENCE_EVENTS.join, bad)).toEqual({ ok: false, code: 'invalid' });
    }
    for (let i = 0; i < PRESENCE_LIMITS.recordsPerSocket; i++) expect(await admin.join('node', `many-${i}`)).toEqual({ ok: true });
    expect(await admin.join('node', 'one-too-many')).toEqual({ ok: false, code: 'too_many' });
    admin.socket.close();
  });

  it('merges one user across tabs and instances: editing wins', () => {
    expect(
      mergePeople([
        [{ userId: '2', username: 'b', mode: 'viewing' }],
        [
          { userId: '1', username: 'a', mode: 'viewing' },
          { userId: '2', username: 'b', mode: 'editing' },
        ],
      ]),
    ).toEqual([
      { userId: '1', username: 'a', mode: 'viewing' },
      { userId: '2', username: 'b', mode: 'editing' },
    ]);
  });
});
