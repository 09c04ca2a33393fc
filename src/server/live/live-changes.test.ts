import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_BULK_AFTER, SOCKET_EVENTS, SOCKET_PATH, type ChangeMessage, type ChangesPayload, type Role } from '../../contract';
import { audited } from '../audit/audited';
import type { AuditEventInput } from '../audit/events';
import { testApp, type TestApp } from '../test/harness';

/**
 * Live-change messages end to end on one server: an audited change is sent, after commit, to the
 * sockets whose users may read it, as names without values. Emitted through audited() (what the
 * node, relation and type routes call), so this holds whatever writes are wired to the trail.
 */
let t: TestApp;
let url: string;
const sockets: Socket[] = [];
const received = new Map<string, ChangeMessage[]>();
const editor = { id: '', username: 'live_admin' };

beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = await t.register('live_admin'); // the first account: admin (may see relation notes)
  editor.id = admin.user.id;
  const viewer = await t.register('live_viewer'); // a viewer: reads nodes, not relation notes
  const outsider = await t.register('live_outsider');
  const role = (
    await t.call({ method: 'POST', url: '/api/roles', token: admin.accessToken, payload: { name: 'Log readers', permissions: ['system.logs'] } })
  ).json<Role>();
  const assigned = await t.call({ method: 'PUT', url: `/api/users/${outsider.user.id}`, token: admin.accessToken, payload: { roleId: role.id } });
  expect(assigned.statusCode).toBe(200);
  // A role change ends the user's sign-ins: the outsider signs in again with the new role.
  const again = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'live_outsider', password: 'secret-pw' } });
  expect(again.statusCode).toBe(200);
  await Promise.all([
    listen('admin', admin.accessToken),
    listen('viewer', viewer.accessToken),
    listen('outsider', again.json<{ accessToken: string }>().accessToken),
  ]);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

function listen(name: string, token: string): Promise<void> {
  const socket = connect(url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  received.set(name, []);
  socket.on(SOCKET_EVENTS.changes, (payload: ChangesPayload) => received.get(name)!.push(...payload.changes));
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
}

const change = (events: AuditEventInput[]) =>
  audited(t.app, editor, async ({ record }) => {
    for (const e of events) await record(e);
  });

/** Makes a change every reader may see and waits until `name` has it: whatever came before it has arrived too. */
async function settle(...names: string[]): Promise<void> {
  const id = `marker-${Math.random()}`;
  await change([{ action: 'update', entityType: 'node', entityId: id, changes: [{ field: 'name', before: 'a', after: 'b' }] }]);
  const deadline = Date.now() + 5000;
  while (!names.every((n) => received.get(n)!.some((m) => m.id === id))) {
    if (Date.now() > deadline) throw new Error(`no marker for ${names.join(', ')}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const take = (name: string) => received.get(name)!.splice(0).filter((m) => !m.id?.startsWith('marker-'));

describe('live changes', () => {
  // Each test starts with nothing pending: what an earlier test sent has arrived and is dropped.
  beforeEach(async () => {
    await settle('admin', 'viewer');
    received.forEach((list) => list.splice(0));
  });

  it('sends a committed node change to every reader as names, actor and time — no values', async () => {
    await change([{ action: 'update', entityType: 'node', entityId: 'n-live-1', changes: [{ field: 'description', before: 'old text', after: 'secret new text' }] }]);
    await settle('admin', 'viewer');
    for (const name of ['admin', 'viewer']) {
      const [message, ...rest] = take(name);
      expect(rest).toEqual([]);
      expect(message).toEqual({ entityType: 'node', id: 'n-live-1', action: 'update', fields: ['description'], actor: editor, at: expect.any(String) });
      expect(JSON.stringify(message)).not.toContain('secret new text');
    }
  });

  it('reaches nobody who may not read nodes, and nobody for records that are not live (users)', async () => {
    await change([{ action: 'create', entityType: 'relation', entityId: 'r-live-1', changes: [{ field: 'weight', before: null, after: 5 }] }]);
    await change([{ action: 'update', entityType: 'user', entityId: editor.id, changes: [{ field: 'email', before: 'a', after: 'b' }] }]);
    await settle('admin', 'viewer');
    await new Promise((r) => setTimeout(r, 100));
    expect(take('outsider')).toEqual([]);
    expect(take('viewer').map((m) => [m.entityType, m.id])).toEqual([['relation', 'r-live-1']]);
    expect(take('admin').map((m) => [m.entityType, m.id])).toEqual([['relation', 'r-live-1']]);
  });

  it('names a relation note only to those who may see notes; a note-only edit reaches no one else', async () => {
    await change([{ action: 'update', entityType: 'relation', entityId: 'r-note-only', changes: [{ field: 'note', before: null, after: 'internal' }] }]);
    await change([
      {
        action: 'update',
        entityType: 'relation',
        entityId: 'r-note-weight',
        changes: [
          { field: 'weight', before: 1, after: 2 },
          { field: 'note', before: null, after: 'internal' },
        ],
      },
    ]);
    await change([{ action: 'delete', entityType: 'relation', entityId: 'r-note-deleted', changes: [{ field: 'note', before: 'internal', after: null }] }]);
    await settle('admin', 'viewer');
    expect(take('admin').map((m) => [m.id, m.action, m.fields])).toEqual([
      ['r-note-only', 'update', ['note']],
      ['r-note-weight', 'update', ['weight', 'note']],
      ['r-note-deleted', 'delete', ['note']],
    ]);
    expect(take('viewer').map((m) => [m.id, m.action, m.fields])).toEqual([
      ['r-note-weight', 'update', ['weight']],
      ['r-note-deleted', 'delete', []],
    ]);
  });

  it('sends one bulk message for a transaction that changed many records of a type', async () => {
    const many = Array.from({ length: LIVE_BULK_AFTER + 10 }, (_, i): AuditEventInput => ({ action: 'create', entityType: 'node', entityId: `bulk-${i}`, changes: [{ field: 'name', before: null, after: `n${i}` }] }));
    await change([...many, { action: 'update', entityType: 'node_type', entityId: 'type-1', changes: [{ field: 'color', before: '#000000', after: '#ffffff' }] }]);
    await settle('viewer');
    expect(take('viewer')).toEqual([
      { entityType: 'node', id: null, action: 'bulk', fields: ['name'], actor: editor, at: expect.any(String), count: LIVE_BULK_AFTER + 10 },
      { entityType: 'node_type', id: 'type-1', action: 'update', fields: ['color'], actor: editor, at: expect.any(String) },
    ]);
  });

  it('sends nothing for a change that rolled back', async () => {
    await expect(
      audited(t.app, editor, async ({ record }) => {
        await record({ action: 'delete', entityType: 'node', entityId: 'n-rolled-back' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await settle('admin');
    expect(take('admin')).toEqual([]);
  });
});
