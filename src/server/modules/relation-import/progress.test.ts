import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, SOCKET_PATH, type AuthResponse, type NodeUploadResponse, type ProgressEvent } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart } from '../../test/import-fixtures';

/**
 * A relation import's progress goes out like a node upload's (progress.test.ts): on
 * upload-progress-{processId}, to the uploader, with the same fields plus kind 'relations' and the
 * relation error report's link; a late joiner gets the current state.
 */
let t: TestApp;
let url: string;
let editor: AuthResponse;
const sockets: Socket[] = [];
type RelationProgress = ProgressEvent & { kind?: string; processId?: string; downloadUrl?: string };

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await t.register('admin');
  editor = await t.register('editor');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'editor'`);
  await t.db.query(`INSERT INTO node_types (name) VALUES ('ProgressType')`);
  await t.db.query(`INSERT INTO relation_types (name) VALUES ('progresses to')`);
  await t.db.query(
    `INSERT INTO nodes (name, node_type_id) SELECT 'PN ' || i, (SELECT id FROM node_types WHERE name = 'ProgressType') FROM generate_series(1, 100) i`,
  );
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

describe('relation import progress events', () => {
  it('upload-progress-{processId}: rising, then completed with the summary, kind and the report link; late joiners get the state', async () => {
    const socket = await socketFor(editor.accessToken);
    let processId: string | null = null;
    const seen: RelationProgress[] = [];
    const done = new Promise<RelationProgress[]>((resolve) => {
      socket.onAny((event: string, payload: RelationProgress) => {
        if (!processId || event !== SOCKET_EVENTS.nodeUploadProgress(processId)) return;
        seen.push(payload);
        if (payload.status === 'completed' || payload.status === 'error') resolve(seen);
      });
    });
    const rows = [['Source', 'Target', 'Relation type']];
    for (let s = 1; s <= 100; s++) for (let g = 1; g <= 30; g++) if (s !== g) rows.push([`PN ${s}`, `PN ${g}`, 'progresses to']);
    rows.push(['PN 1', 'PN nobody', 'progresses to']);
    const res = await t.call({ method: 'POST', url: '/api/relations/upload', token: editor.accessToken, ...multipart('progress.csv', csvOf(rows)) });
    expect(res.statusCode).toBe(200);
    const body = res.json<NodeUploadResponse>();
    expect(body).toMatchObject({ success: true, kind: 'relations' });
    processId = body.processId;
    const events = await done;
    const valid = rows.length - 2;
    const last = events.at(-1)!;
    expect(last).toMatchObject({
      kind: 'relations',
      processId,
      progress: 100,
      status: 'completed',
      summary: { total: valid + 1, created: valid, skipped: 0, errors: 1 },
      downloadUrl: `/api/relations/download-errors/${processId}`,
      rowsCommitted: valid,
    });
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.every((e) => e.kind === 'relations')).toBe(true);

    const late = await socketFor(editor.accessToken);
    const state = new Promise<RelationProgress>((resolve) => late.once(SOCKET_EVENTS.nodeUploadProgress(processId), resolve));
    expect(await late.emitWithAck(SOCKET_EVENTS.joinJob, processId)).toEqual({ ok: true });
    expect(await state).toMatchObject({ kind: 'relations', status: 'completed', summary: { created: valid } });
  });
});
