import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { PRESENCE_EVENTS, SOCKET_EVENTS, SOCKET_PATH, type AuthResponse, type PresenceUpdate, type ChangeMessage, type ChangesPayload, type JobJoinAck, type NodeUploadResponse, type ProgressEvent } from '../../contract';
import { csvOf } from '../test/import-fixtures';
import { withDatabase } from '../test/global-setup';
import { startServerProcess, waitForOutput, type ServerProcess } from '../test/server-process';

/**
 * Two real server processes (test/instance-process.ts: the app of main.ts) on one fresh PostgreSQL
 * database, as behind a load balancer: socket.io events made on A reach sockets on B through the
 * PostgreSQL adapter (LISTEN/NOTIFY), including after the adapter's connection was killed, and a
 * sign-in ended through A disconnects its sockets on B within seconds; the people of a killed
 * instance are forgotten within seconds. PostgreSQL only.
 */
const onPostgres = process.env.KG_TEST_DB === 'postgres';

interface Instance extends ServerProcess {
  /** Makes one audited change in this process (what a write route does); resolves when committed. */
  change(events: object[], actor: { id: string; username: string }): Promise<void>;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const server = await startServerProcess({
    entry: 'src/server/test/instance-process.ts',
    databaseUrl,
    env: { KG_UPLOAD_ANSWER_WAIT_MS: '0' },
    stdin: true,
  });
  const child = server.proc;
  const instance: Instance = Object.assign(server, {
    change(events: object[], actor: { id: string; username: string }) {
      return new Promise<void>((resolve, reject) => {
        const onData = (b: Buffer) => {
          const text = b.toString();
          if (text.includes('changed ')) resolve();
          else if (text.includes('change failed')) reject(new Error(text));
          else return;
          child.stdout!.off('data', onData);
        };
        child.stdout!.on('data', onData);
        child.stdin!.write(`${JSON.stringify({ actor, events })}\n`);
      });
    },
  });
  await waitForOutput(instance, 'listening');
  return instance;
}

describe.skipIf(!onPostgres)('two server instances on one PostgreSQL (PostgreSQL only)', () => {
  let admin: pg.Client;
  let database: string;
  let a: Instance;
  let b: Instance;
  let session: AuthResponse;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // Named like the harness's clones, so the run's teardown drops it whatever happens here.
    database = `${inject('postgresTemplate')}_c_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${inject('postgresTemplate')}`);
    const url = withDatabase(process.env.TEST_DATABASE_URL!, database);
    [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
    const reg = await fetch(`${a.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'two_admin', email: 'two_admin@example.org', password: 'Harbor-Lights-92' }),
    });
    expect(reg.status).toBe(201);
    session = (await reg.json()) as AuthResponse;
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([a?.stop(), b?.stop()]);
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin?.end();
  });

  async function socketOn(instance: Instance): Promise<Socket> {
    const socket = connect(instance.base, { path: SOCKET_PATH, auth: { token: session.accessToken }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    return socket;
  }

  function uploadThroughA(rows: number): Promise<NodeUploadResponse> {
    const form = new FormData();
    const csv = csvOf([['nodename', 'nodetype'], ...Array.from({ length: rows }, (_, i) => [`Two-instance node ${i}`, 'Relay'])]);
    form.append('file', new Blob([new Uint8Array(csv)]), 'relay.csv');
    return fetch(`${a.base}/api/nodes/upload`, { method: 'POST', headers: { authorization: `Bearer ${session.accessToken}` }, body: form }).then(async (res) => {
      expect(res.status).toBe(200);
      return (await res.json()) as NodeUploadResponse;
    });
  }

  /** Collects `upload-progress-*` events on a socket until one says the job ended. */
  function progressUntilDone(socket: Socket, name: () => string | null): Promise<ProgressEvent[]> {
    const seen: ProgressEvent[] = [];
    return new Promise((resolve) => {
      socket.onAny((event: string, payload: ProgressEvent) => {
        const wanted = name();
        if (wanted ? event !== wanted : !event.startsWith('upload-progress-')) return;
        seen.push(payload);
        if (payload.status === 'completed' || payload.status === 'error') resolve(seen);
      });
    });
  }

  it('an upload through A is followed to the end by sockets on B (live, and joined from the database)', { timeout: 60_000 }, async () => {
    const watcher = await socketOn(b);
    const joiner = await socketOn(b);
    let processId: string | null = null;
    const eventName = () => (processId ? SOCKET_EVENTS.nodeUploadProgress(processId) : null);
    const live = progressUntilDone(watcher, eventName);
    const answer = await uploadThroughA(6000);
    processId = answer.processId;

    // B's second socket joins the job's room: it gets the state B reads from the database, then A's live events.
    const joined = progressUntilDone(joiner, eventName);
    const ack = await new Promise<JobJoinAck>((resolve) => joiner.emit(SOCKET_EVENTS.joinJob, processId, resolve));
    expect(ack).toEqual({ ok: true });

    const events = await live;
    expect(events.length).toBeGreaterThan(2);
    expect(events.some((e) => e.status !== 'completed')).toBe(true);
    expect(events.at(-1)).toMatchObject({ status: 'completed', progress: 100, summary: { total: 6000, created: 6000, errors: 0 } });
    expect((await joined).at(-1)).toMatchObject({ status: 'completed', summary: { created: 6000 } });

    // Joining on B after the end: the final state, from the database.
    const late = await socketOn(b);
    const final = progressUntilDone(late, eventName);
    late.emit(SOCKET_EVENTS.joinJob, processId);
    expect(await final).toEqual([expect.objectContaining({ status: 'completed', summary: expect.objectContaining({ created: 6000 }) })]);
  });

  /** Makes an audited node change on A and resolves with its message as a socket on B receives it, and the delay. */
  async function changeOnAReachesB(socket: Socket, id: string): Promise<{ message: ChangeMessage; ms: number }> {
    const arrived = new Promise<ChangeMessage>((resolve) => {
      const on = (payload: ChangesPayload) => {
        const message = payload.changes.find((c) => c.id === id);
        if (!message) return;
        socket.off(SOCKET_EVENTS.changes, on);
        resolve(message);
      };
      socket.on(SOCKET_EVENTS.changes, on);
    });
    const started = Date.now();
    await a.change([{ action: 'update', entityType: 'node', entityId: id, changes: [{ field: 'name', before: 'x', after: 'y' }] }], session.user);
    const message = await arrived;
    return { message, ms: Date.now() - started };
  }

  it('a change made through A reaches a socket on B within a second', { timeout: 30_000 }, async () => {
    const socket = await socketOn(b);
    const { message, ms } = await changeOnAReachesB(socket, 'node-changed-on-a');
    expect(message).toMatchObject({ entityType: 'node', id: 'node-changed-on-a', action: 'update', fields: ['name'], actor: { username: 'two_admin' } });
    expect(ms).toBeLessThan(1000);
  });

  it('relays again after the adapter connections were killed, and neither process died', { timeout: 30_000 }, async () => {
    const socket = await socketOn(b);
    const killed = await admin.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'kg-socket.io'`,
      [database],
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(2); // at least each instance's LISTEN connection
    // The adapter LISTENs again 1–3 s later; until then a change may be missed, so keep changing.
    let received: ChangeMessage | null = null;
    for (let i = 0; i < 40 && !received; i++) {
      received = await Promise.race([changeOnAReachesB(socket, `after-kill-${i}`).then((r) => r.message), new Promise<null>((r) => setTimeout(() => r(null), 250))]);
    }
    expect(received).not.toBeNull();
    expect(a.proc.exitCode, a.output()).toBeNull();
    expect(b.proc.exitCode, b.output()).toBeNull();
    expect((await fetch(`${b.base}/api/health`)).status).toBe(200);
  });

  it('shares presence: a socket on A and one on B see each other, and B sees A leave', { timeout: 30_000 }, async () => {
    const onA = await socketOn(a);
    const onB = await socketOn(b);
    const seen = (socket: Socket, test: (u: PresenceUpdate) => boolean) =>
      new Promise<PresenceUpdate>((resolve) => {
        const on = (u: PresenceUpdate) => {
          if (u.id !== 'shared-node' || !test(u)) return;
          socket.off(PRESENCE_EVENTS.update, on);
          resolve(u);
        };
        socket.on(PRESENCE_EVENTS.update, on);
      });
    const bSeesTwo = seen(onB, (u) => u.people.length === 1 && u.people[0].mode === 'editing');
    expect(await onA.emitWithAck(PRESENCE_EVENTS.join, { kind: 'node', id: 'shared-node', mode: 'editing' })).toEqual({ ok: true });
    expect(await onB.emitWithAck(PRESENCE_EVENTS.join, { kind: 'node', id: 'shared-node', mode: 'viewing' })).toEqual({ ok: true });
    // One user on both: merged into one person, editing (A's entry reached B through the adapter).
    expect((await bSeesTwo).people).toEqual([{ userId: session.user.id, username: 'two_admin', mode: 'editing' }]);
    const bSeesViewingOnly = seen(onB, (u) => u.people.length === 1 && u.people[0].mode === 'viewing');
    const started = Date.now();
    onA.close();
    await bSeesViewingOnly;
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('forgets the people of an instance that was killed, within 10 s of its last word', { timeout: 90_000 }, async () => {
    // A third instance, killed without a chance to say goodbye: B only stops hearing its heartbeat.
    const c = await startInstance(withDatabase(process.env.TEST_DATABASE_URL!, database));
    try {
      const onC = await socketOn(c);
      const onB = await socketOn(b);
      const people = (test: (u: PresenceUpdate) => boolean) =>
        new Promise<PresenceUpdate>((resolve) => {
          const on = (u: PresenceUpdate) => {
            if (u.id !== 'crash-node' || !test(u)) return;
            onB.off(PRESENCE_EVENTS.update, on);
            resolve(u);
          };
          onB.on(PRESENCE_EVENTS.update, on);
        });
      const bSeesC = people((u) => u.people.some((p) => p.mode === 'editing'));
      expect(await onC.emitWithAck(PRESENCE_EVENTS.join, { kind: 'node', id: 'crash-node', mode: 'editing' })).toEqual({ ok: true });
      expect(await onB.emitWithAck(PRESENCE_EVENTS.join, { kind: 'node', id: 'crash-node', mode: 'viewing' })).toEqual({ ok: true });
      await bSeesC;
      const bSeesOnlyItself = people((u) => u.people.length === 1 && u.people[0].mode === 'viewing');
      const killed = Date.now();
      c.proc.kill('SIGKILL');
      // B's own socket keeps saying it is there while C is silent.
      const beat = setInterval(() => void onB.emit(PRESENCE_EVENTS.join, { kind: 'node', id: 'crash-node', mode: 'viewing' }), 2000);
      try {
        await bSeesOnlyItself;
      } finally {
        clearInterval(beat);
      }
      expect(Date.now() - killed).toBeLessThan(12_000);
    } finally {
      if (c.proc.exitCode === null && c.proc.signalCode === null) await c.stop();
    }
  });

  it('a sign-in ended through A disconnects its sockets on B within seconds', { timeout: 60_000 }, async () => {
    const api = async (path: string, init: { method: string; token?: string; body?: object }) => {
      const res = await fetch(`${a.base}/api${path}`, {
        method: init.method,
        headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> };
    };
    const signIn = async (login: string) => (await api('/auth/login', { method: 'POST', body: { login, password: 'Harbor-Lights-92' } })).json as unknown as AuthResponse;
    const socketOnB = async (token: string) => {
      const socket = connect(b.base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      return socket;
    };
    const closed = (socket: Socket) => new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
    for (const name of ['two_leaver', 'two_deactivated']) {
      const created = await api('/users', { method: 'POST', token: session.accessToken, body: { username: name, email: `${name}@example.org`, password: 'Harbor-Lights-92', role: 'viewer' } });
      expect(created.status).toBe(201);
    }

    // Sign out everywhere, from another browser, through A.
    const leaver = await signIn('two_leaver');
    const leaverSocket = await socketOnB(leaver.accessToken);
    const leaverClosed = closed(leaverSocket);
    let started = Date.now();
    expect((await api('/auth/logout-all', { method: 'POST', token: (await signIn('two_leaver')).accessToken })).status).toBe(204);
    expect((await leaverClosed) - started).toBeLessThan(5000);
    expect((await fetch(`${b.base}/api/auth/me`, { headers: { authorization: `Bearer ${leaver.accessToken}` } })).status).toBe(401);

    // Deactivation by the admin through A.
    const deactivated = await signIn('two_deactivated');
    const deactivatedSocket = await socketOnB(deactivated.accessToken);
    const deactivatedClosed = closed(deactivatedSocket);
    started = Date.now();
    expect((await api(`/users/${deactivated.user.id}`, { method: 'PUT', token: session.accessToken, body: { isActive: false } })).status).toBe(200);
    expect((await deactivatedClosed) - started).toBeLessThan(5000);
  });
});
