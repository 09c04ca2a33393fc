import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, SOCKET_EVENTS, SOCKET_PATH, type AuthResponse, type JobJoinAck, type NodeUploadResponse, type ProgressEvent } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart } from '../../test/import-fixtures';
import { importBatchRows } from '../../db/turns';

/** Real-time progress over socket.io, late joiners, and jobs interrupted by a server stop. */
let t: TestApp;
let url: string;
let editor: AuthResponse;
let stranger: AuthResponse;
let admin: AuthResponse;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Answer before the job ends, so the events are the only way to see it finish.
  t = await testApp({ uploadAnswerWaitMs: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.register('admin');
  editor = await t.register('editor');
  stranger = await t.register('stranger');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username IN ('editor', 'stranger')`);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

async function socketFor(token: string): Promise<Socket> {
  const socket = connect(url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return socket;
}

const bigCsv = (prefix: string, n: number) => csvOf([['nodename', 'nodetype'], ...Array.from({ length: n }, (_, i) => [`${prefix} ${i}`, 'Progress'])]);
const upload = (token: string, data: Buffer) => t.call({ method: 'POST', url: '/api/nodes/upload', token, ...multipart('progress.csv', data) });

function eventsUntilDone(socket: Socket, name: () => string | null): Promise<ProgressEvent[]> {
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

describe('upload progress events', () => {
  it('a connected uploader receives upload-progress-{processId}: 5 first, rising, 100 with the summary last', async () => {
    const socket = await socketFor(editor.accessToken);
    let processId: string | null = null;
    const done = eventsUntilDone(socket, () => (processId ? SOCKET_EVENTS.nodeUploadProgress(processId) : null));
    const res = await upload(editor.accessToken, bigCsv('P1', 15_000));
    expect(res.statusCode).toBe(200);
    const body = res.json<NodeUploadResponse>();
    processId = body.processId;
    expect(body.success).toBe(true);
    const events = await done;
    expect(events[0]).toMatchObject({ progress: 5, status: 'processing' });
    // The English message goes with its id, which the client words in its language.
    expect(events[0]).toMatchObject({ message: IMPORT_MESSAGES.received, text: [{ id: 'imports.messages.received' }] });
    const last = events.at(-1)!;
    expect(last).toMatchObject({ progress: 100, status: 'completed', summary: { total: 15_000, created: 15_000, skipped: 0, errors: 0 } });
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.some((e) => e.status === 'inserting')).toBe(true);
    // Progress is work done: below 100 until the end, and past the read only by committed rows.
    const before = events.slice(0, -1);
    expect(before.every((e) => e.progress < 100)).toBe(true);
    const committed = before.map((e) => e.rowsCommitted ?? 0);
    expect(committed).toEqual([...committed].sort((a, b) => a - b));
    for (const e of before) {
      expect((e.rowsCommitted ?? 0) % importBatchRows(t.db.kind) === 0 || e.rowsCommitted === 15_000).toBe(true);
      expect(e.progress).toBeLessThanOrEqual(Math.round(10 + (89 * (e.rowsCommitted ?? 0)) / 15_000));
    }
    expect(last.rowsCommitted).toBe(15_000);
  });

  it('a client that joins late gets the current state first; strangers cannot join', async () => {
    const res = await upload(editor.accessToken, bigCsv('P2', 50));
    const { processId } = res.json<NodeUploadResponse>();
    // Let the job finish, then join.
    for (let i = 0; i < 100; i++) {
      const [job] = await t.db.query<{ status: string }>('SELECT status FROM import_jobs WHERE id = $1', [processId]);
      if (job.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const late = await socketFor(editor.accessToken);
    const state = new Promise<ProgressEvent>((resolve) => late.once(SOCKET_EVENTS.nodeUploadProgress(processId), resolve));
    const ack = await late.emitWithAck(SOCKET_EVENTS.joinJob, processId);
    expect(ack).toEqual({ ok: true });
    expect(await state).toMatchObject({ status: 'completed', progress: 100, summary: { total: 50, created: 50, skipped: 0, errors: 0 } });

    const other = await socketFor(stranger.accessToken);
    expect(await other.emitWithAck(SOCKET_EVENTS.joinJob, processId)).toEqual<JobJoinAck>({ ok: false, error: 'Unknown import' });
    expect(await other.emitWithAck(SOCKET_EVENTS.joinJob, { processId: 'not-an-id' })).toMatchObject({ ok: false });
    // An admin may watch any job.
    const watcher = await socketFor(admin.accessToken);
    expect(await watcher.emitWithAck(SOCKET_EVENTS.joinJob, { processId })).toEqual({ ok: true });
  });

  it('a client joining while the job runs gets its state, then the rest of its events', async () => {
    const watcher = await socketFor(editor.accessToken);
    const res = await upload(editor.accessToken, bigCsv('P3', 15_000));
    const { processId } = res.json<NodeUploadResponse>();
    const name = SOCKET_EVENTS.nodeUploadProgress(processId);
    const joiner = await socketFor(editor.accessToken);
    const seen: ProgressEvent[] = [];
    const finished = new Promise<void>((resolve) =>
      joiner.on(name, (e: ProgressEvent) => {
        seen.push(e);
        if (e.status === 'completed') resolve();
      }),
    );
    expect(await joiner.emitWithAck(SOCKET_EVENTS.joinJob, processId)).toEqual({ ok: true });
    await finished;
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.at(-1)).toMatchObject({ progress: 100, status: 'completed' });
    watcher.close();
  });
});

describe('interrupted jobs', () => {
  it('jobs left processing or inserting by a stopped server are marked failed on the next start', async () => {
    const [stuck] = await t.db.query<{ id: string }>(
      `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by, updated_at)
       VALUES ('nodes', 'inserting', 40, 'Inserting rows', 'x.csv', $1, now() - interval '10 minutes') RETURNING id`,
      [editor.user.id],
    );
    const [done] = await t.db.query<{ id: string }>(
      `INSERT INTO import_jobs (kind, status, progress, message, created_by) VALUES ('nodes', 'completed', 100, 'ok', $1) RETURNING id`,
      [editor.user.id],
    );
    // A second server on the same database (its close must not close the shared one).
    const second = await buildApp(testConfig(), { db: { ...t.db, close: async () => undefined } });
    try {
      const rows = await t.db.query<{ id: string; status: string; message: string }>('SELECT id, status, message FROM import_jobs WHERE id = ANY($1::uuid[])', [[stuck.id, done.id]]);
      const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
      // It had no file to resume from: failed, saying what was kept (nothing).
      expect(byId[stuck.id]).toMatchObject({ status: 'error', message: IMPORT_MESSAGES.stopped(0, null) });
      expect(byId[done.id]).toMatchObject({ status: 'completed' });
    } finally {
      await second.close();
    }
  });

  it('a server that closes mid-job records the job as interrupted, with the rows it kept', async () => {
    const db = { ...t.db, close: async () => undefined };
    const other = await buildApp(testConfig({ uploadAnswerWaitMs: 0 }), { db });
    const token = editor.accessToken;
    const body = multipart('stop.csv', bigCsv('P4', 40_000));
    const res = await other.inject({ method: 'POST', url: '/api/nodes/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const { processId } = JSON.parse(res.body) as NodeUploadResponse;
    await other.close();
    const [job] = await t.db.query<{ status: string; message: string; interrupted: boolean; rows_committed: number; rows_total: number | null }>(
      'SELECT status, message, interrupted, rows_committed, rows_total FROM import_jobs WHERE id = $1',
      [processId],
    );
    // Never left running silently: finished before the stop, or stopped between batches and said so.
    if (job.status !== 'completed') {
      expect(job).toMatchObject({ interrupted: true, message: IMPORT_MESSAGES.interrupted(job.rows_committed, job.rows_total) });
    }
    // Resumed (and finished) by the next start on this database.
    const next = await buildApp(testConfig(), { db });
    try {
      for (let i = 0; i < 600; i++) {
        const [row] = await t.db.query<{ status: string }>('SELECT status FROM import_jobs WHERE id = $1', [processId]);
        if (row.status === 'completed') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE 'P4 %'`);
      expect(n).toBe(40_000);
    } finally {
      await next.close();
    }
  });
});
