import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, SOCKET_PATH, type AuthResponse, type ChangesPayload, type JobJoinAck, type NodeUploadResponse } from '../../contract';
import type { AppConfig } from '../config';
import { audited } from '../audit/audited';
import { csvOf, multipart } from '../test/import-fixtures';
import { testApp, type TestApp } from '../test/harness';
import { REVOCATIONS, signedInUser, type SignedIn } from '../test/revocations';

/**
 * A socket keeps the rights of its sign-in only while the sign-in lasts. For every way a sign-in
 * ends (test/revocations.ts), and for a permission taken from the role and for token expiry: the
 * socket can no longer join another user's job, receives no change event from the next change on,
 * and is disconnected within seconds. Both databases; two instances: two-instances.process.test.ts.
 */
const WATCHERS = ['nodes.read', 'system.config']; // reads changes and may follow anyone's import

interface Server {
  t: TestApp;
  url: string;
  admin: AuthResponse;
  /** An import job of the admin's (what a watcher joins). */
  jobId: string;
  sockets: Socket[];
}

async function startServer(overrides: Partial<AppConfig>): Promise<Server> {
  const t = await testApp(overrides);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = await t.register('sock_admin');
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('Watchers', $1), ('Watchers too', $1)`, [WATCHERS]);
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  const upload = await t.call({ method: 'POST', url: '/api/nodes/upload', token: admin.accessToken, ...multipart('nodes.csv', csvOf([['nodename', 'nodetype'], ['Asthma', 'Disease']])) });
  expect(upload.statusCode, upload.body).toBe(200);
  return { t, url, admin, jobId: upload.json<NodeUploadResponse>().processId, sockets: [] };
}

function open(server: Server, token: string): Promise<Socket> {
  const socket = connect(server.url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  server.sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

/** The join's answer, or 'disconnected' when the server ended the socket instead of answering. */
function join(socket: Socket, jobId: string): Promise<JobJoinAck | 'disconnected'> {
  if (!socket.connected) return Promise.resolve('disconnected');
  return new Promise((resolve) => {
    socket.once('disconnect', () => resolve('disconnected'));
    socket.emit(SOCKET_EVENTS.joinJob, jobId, resolve);
  });
}

const disconnected = (socket: Socket) => new Promise<void>((resolve) => (socket.connected ? socket.once('disconnect', () => resolve()) : resolve()));

/** Ids of the change messages a socket receives from now on. */
function changesOn(socket: Socket): string[] {
  const ids: string[] = [];
  socket.on(SOCKET_EVENTS.changes, (payload: ChangesPayload) => ids.push(...payload.changes.map((c) => c.id ?? 'bulk')));
  return ids;
}

/** Makes a node change and waits until the admin's socket has it (a later one reaches nobody sooner). */
async function change(server: Server, adminChanges: string[], id: string): Promise<void> {
  await audited(server.t.app, { id: server.admin.user.id, username: 'sock_admin' }, ({ record }) =>
    record({ action: 'update', entityType: 'node', entityId: id, changes: [{ field: 'name', before: 'a', after: 'b' }] }),
  );
  for (let i = 0; i < 100 && !adminChanges.includes(id); i++) await new Promise((r) => setTimeout(r, 20));
  expect(adminChanges).toContain(id);
}

/** Ends a watcher's rights in one of the ways a socket must notice. */
const ENDINGS: Record<string, (s: Server, w: SignedIn) => Promise<void>> = {
  ...Object.fromEntries(
    Object.entries(REVOCATIONS).map(([kind, revoke]) => [kind, (s: Server, w: SignedIn) => revoke({ t: s.t, adminToken: s.admin.accessToken, sameRightsRole: 'Watchers too' }, w)]),
  ),
  // The role keeps its users (and their sign-ins) but loses its permissions.
  'the role losing its permissions': async (s) => {
    await s.t.db.query(`UPDATE roles SET permissions = '{}' WHERE name = 'Watchers'`);
  },
};

let seq = 0;
async function watcher(server: Server): Promise<{ session: SignedIn; socket: Socket; received: string[] }> {
  await server.t.db.query(`UPDATE roles SET permissions = $1 WHERE name = 'Watchers'`, [WATCHERS]);
  const session = await signedInUser(server.t, server.admin.accessToken, `watcher_${++seq}`, 'Watchers');
  const socket = await open(server, session.accessToken);
  const received = changesOn(socket);
  // Before: the watcher may follow the admin's import.
  expect(await join(socket, server.jobId)).toEqual({ ok: true });
  return { session, socket, received };
}

const stop = async (server: Server | undefined) => {
  server?.sockets.forEach((s) => s.close());
  await server?.t.close();
};

describe('checked on every join and every delivery (no sweep during the test)', () => {
  let server: Server;
  let adminChanges: string[];
  beforeAll(async () => {
    server = await startServer({ socketSessionCheckMs: 3_600_000 });
    adminChanges = changesOn(await open(server, server.admin.accessToken));
  }, 60_000);
  afterAll(() => stop(server));

  it.each(Object.keys(ENDINGS))('after %s: no change event, no join', async (kind) => {
    const w = await watcher(server);
    await change(server, adminChanges, `before-${seq}`);
    expect(w.received).toContain(`before-${seq}`);
    await ENDINGS[kind](server, w.session);
    await change(server, adminChanges, `after-${seq}`);
    expect(w.received).not.toContain(`after-${seq}`);
    expect(await join(w.socket, server.jobId)).toEqual('disconnected');
  });
});

describe('disconnected within seconds', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ socketSessionCheckMs: 500 });
  }, 60_000);
  afterAll(() => stop(server));

  it.each(Object.keys(ENDINGS))('after %s', async (kind) => {
    const w = await watcher(server);
    const started = Date.now();
    await ENDINGS[kind](server, w.session);
    await disconnected(w.socket);
    expect(Date.now() - started).toBeLessThan(3000);
    // Connecting again with the same token is refused, except where only a permission went.
    const again = open(server, w.session.accessToken);
    if (kind === 'the role losing its permissions') {
      const socket = await again;
      expect(await join(socket, server.jobId)).toEqual({ ok: false, error: 'Unknown import' });
    } else await expect(again).rejects.toThrow('unauthorized');
  });
});

describe('an expired access token', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ accessTokenTtlSeconds: 3, socketSessionCheckMs: 3_600_000 });
  }, 60_000);
  afterAll(() => stop(server));

  it('ends its socket when it expires, and is refused a new one', async () => {
    const w = await watcher(server);
    const issued = JSON.parse(Buffer.from(w.session.accessToken.split('.')[1], 'base64url').toString()) as { exp: number };
    await disconnected(w.socket);
    expect(Math.abs(Date.now() - issued.exp * 1000)).toBeLessThan(1500);
    await expect(open(server, w.session.accessToken)).rejects.toThrow('unauthorized');
  });
});
