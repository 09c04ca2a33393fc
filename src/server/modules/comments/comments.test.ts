import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_LIMITS, type AuthResponse, type Comment, type CommentList, type Role } from '../../../contract';
import { changeListener } from '../../test/change-listener';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Discussions: threads on nodes and relations, who may read, post, edit and delete, the audit
 * events, the record's delete taking its thread along, and the live message to another reader.
 */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let viewer: AuthResponse;
/** Signed in with a role that cannot read knowledge at all. */
let outsiderToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('c_admin');
  editor = await t.register('c_editor');
  viewer = await t.register('c_viewer');
  const outsider = await t.register('c_outsider');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'c_editor'`);
  const role = (await t.call({ method: 'POST', url: '/api/roles', token: admin.accessToken, payload: { name: 'Log readers', permissions: ['system.logs'] } })).json<Role>();
  expect((await t.call({ method: 'PUT', url: `/api/users/${outsider.user.id}`, token: admin.accessToken, payload: { roleId: role.id } })).statusCode).toBe(200);
  outsiderToken = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'c_outsider', password: 'secret-pw' } })).json<{ accessToken: string }>().accessToken;
  // The editor signs in again too: the role set by SQL above is read at sign-in.
  editor = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'c_editor', password: 'secret-pw' } })).json<AuthResponse>();
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'related to' } });
  for (const name of ['Asthma', 'Eczema', 'Rhinitis']) {
    ids[name] = (await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name, nodeType: 'Disease' } })).json<{ id: string }>().id;
  }
  const rel = await t.call({
    method: 'POST',
    url: '/api/relations',
    token: admin.accessToken,
    payload: { relationName: 'atopic march', sourceNodeId: ids.Eczema, targetNodeId: ids.Asthma, relationType: 'related to', note: 'internal-zebra' },
  });
  ids.relation = rel.json<{ id: string }>().id;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) => t.call({ method, url: `/api${url}`, token, payload });
const post = async (url: string, token: string, body: string) => {
  const res = await call('POST', url, token, { body });
  expect(res.statusCode).toBe(201);
  return res.json<Comment>();
};
const eventsOf = (id: string) =>
  t.db.query<{ action: string; actor_name: string; changes: { field: string; before: unknown; after: unknown }[]; detail: Record<string, unknown> }>(
    `SELECT action, actor_name, changes, detail FROM audit_log WHERE entity_type = 'comment' AND entity_id = $1 ORDER BY id`,
    [id],
  );

describe('discussion threads', () => {
  it('a viewer reads and joins a node thread; the answer is oldest first with the author, and each post is audited', async () => {
    const first = await post(`/nodes/${ids.Asthma}/comments`, editor.accessToken, 'Is the SNOMED code right? See https://example.org/a');
    const second = await post(`/nodes/${ids.Asthma}/comments`, viewer.accessToken, 'I think so.');
    expect(first).toMatchObject({ recordType: 'node', recordId: ids.Asthma, author: { id: editor.user.id, username: 'c_editor' }, edited: false, canEdit: true, canDelete: true });
    const list = await call('GET', `/nodes/${ids.Asthma}/comments`, viewer.accessToken);
    expect(list.statusCode).toBe(200);
    const data = list.json<CommentList>().data;
    expect(data.map((c) => c.id)).toEqual([first.id, second.id]);
    // What the reader may do with each: their own, not the editor's.
    expect(data.map((c) => [c.canEdit, c.canDelete])).toEqual([[false, false], [true, true]]);
    const [event] = await eventsOf(first.id);
    expect(event).toMatchObject({ action: 'create', actor_name: 'c_editor', changes: [{ field: 'body', before: null, after: first.body }], detail: { recordType: 'node', recordId: ids.Asthma } });
  });

  it('a relation has its own thread, and the relation note stays out of it', async () => {
    const c = await post(`/relations/${ids.relation}/comments`, viewer.accessToken, 'Which study says so?');
    const list = await call('GET', `/relations/${ids.relation}/comments`, viewer.accessToken);
    expect(list.json<CommentList>().data).toEqual([expect.objectContaining({ id: c.id, recordType: 'relation', recordId: ids.relation })]);
    expect(list.body).not.toContain('internal-zebra');
    expect((await call('GET', `/nodes/${ids.Eczema}/comments`, viewer.accessToken)).json<CommentList>().data).toEqual([]);
  });

  it('the author edits their comment (audited with before and after); an unchanged body writes nothing', async () => {
    const c = await post(`/nodes/${ids.Eczema}/comments`, viewer.accessToken, 'typo here');
    const res = await call('PUT', `/comments/${c.id}`, viewer.accessToken, { body: 'no typo here' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Comment>()).toMatchObject({ body: 'no typo here', edited: true });
    expect((await call('PUT', `/comments/${c.id}`, viewer.accessToken, { body: 'no typo here' })).statusCode).toBe(200);
    const events = await eventsOf(c.id);
    expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    expect(events[1].changes).toEqual([{ field: 'body', before: 'typo here', after: 'no typo here' }]);
  });

  it('the author deletes their comment; someone with the record delete permission deletes anyone’s; both audited', async () => {
    const own = await post(`/nodes/${ids.Eczema}/comments`, viewer.accessToken, 'mine');
    expect((await call('DELETE', `/comments/${own.id}`, viewer.accessToken)).statusCode).toBe(204);
    const other = await post(`/nodes/${ids.Eczema}/comments`, viewer.accessToken, 'off topic');
    // The editor holds nodes.delete: it moderates the node's thread.
    expect((await call('GET', `/nodes/${ids.Eczema}/comments`, editor.accessToken)).json<CommentList>().data.find((c) => c.id === other.id)).toMatchObject({ canEdit: false, canDelete: true });
    expect((await call('DELETE', `/comments/${other.id}`, editor.accessToken)).statusCode).toBe(204);
    const ids2 = (await call('GET', `/nodes/${ids.Eczema}/comments`, viewer.accessToken)).json<CommentList>().data.map((c) => c.id);
    expect(ids2).not.toContain(own.id);
    expect(ids2).not.toContain(other.id);
    const [, deleted] = await eventsOf(other.id);
    expect(deleted).toMatchObject({ action: 'delete', actor_name: 'c_editor', changes: [{ field: 'body', before: 'off topic', after: null }], detail: { recordType: 'node', username: 'c_viewer' } });
  });

  it('deleting a node deletes its thread and its relations’ threads', async () => {
    const n = await call('POST', '/nodes', admin.accessToken, { name: 'Short-lived', nodeType: 'Disease' });
    const nodeId = n.json<{ id: string }>().id;
    const r = await call('POST', '/relations', admin.accessToken, { relationName: 'x', sourceNodeId: nodeId, targetNodeId: ids.Rhinitis, relationType: 'related to' });
    await post(`/nodes/${nodeId}/comments`, viewer.accessToken, 'on the node');
    await post(`/relations/${r.json<{ id: string }>().id}/comments`, viewer.accessToken, 'on the relation');
    expect((await call('DELETE', `/nodes/${nodeId}`, admin.accessToken)).statusCode).toBe(204);
    const [{ n: left }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments WHERE body IN ('on the node', 'on the relation')`);
    expect(left).toBe(0);
  });
});

describe('discussion refusals', () => {
  let theirs: Comment;
  beforeAll(async () => {
    theirs = await post(`/nodes/${ids.Rhinitis}/comments`, editor.accessToken, 'the editor’s words');
  });

  it('no token: 401 on every route', async () => {
    expect((await call('GET', `/nodes/${ids.Rhinitis}/comments`)).statusCode).toBe(401);
    expect((await call('POST', `/nodes/${ids.Rhinitis}/comments`, undefined, { body: 'x' })).statusCode).toBe(401);
    expect((await call('GET', `/relations/${ids.relation}/comments`)).statusCode).toBe(401);
    expect((await call('POST', `/relations/${ids.relation}/comments`, undefined, { body: 'x' })).statusCode).toBe(401);
    expect((await call('PUT', `/comments/${theirs.id}`, undefined, { body: 'x' })).statusCode).toBe(401);
    expect((await call('DELETE', `/comments/${theirs.id}`)).statusCode).toBe(401);
  });

  it('without the read permission: 403 on every route', async () => {
    expect((await call('GET', `/nodes/${ids.Rhinitis}/comments`, outsiderToken)).statusCode).toBe(403);
    expect((await call('POST', `/nodes/${ids.Rhinitis}/comments`, outsiderToken, { body: 'x' })).statusCode).toBe(403);
    expect((await call('GET', `/relations/${ids.relation}/comments`, outsiderToken)).statusCode).toBe(403);
    expect((await call('POST', `/relations/${ids.relation}/comments`, outsiderToken, { body: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/comments/${theirs.id}`, outsiderToken, { body: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/comments/${theirs.id}`, outsiderToken)).statusCode).toBe(403);
  });

  it("someone else's comment: editing is refused even to an admin; deleting to a reader without the delete permission", async () => {
    const edit = await call('PUT', `/comments/${theirs.id}`, admin.accessToken, { body: 'put in their mouth' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 'not_comment_author', error: 'Only the author can edit a comment' });
    const del = await call('DELETE', `/comments/${theirs.id}`, viewer.accessToken);
    expect(del.statusCode).toBe(403);
    expect((await call('GET', `/nodes/${ids.Rhinitis}/comments`, viewer.accessToken)).json<CommentList>().data[0]).toMatchObject({ id: theirs.id, body: 'the editor’s words' });
    expect(await eventsOf(theirs.id)).toHaveLength(1);
  });

  it('too long, empty, blank or missing bodies: 400, nothing stored', async () => {
    const long = 'a'.repeat(COMMENT_LIMITS.bodyMax + 1);
    const tooLong = await call('POST', `/nodes/${ids.Rhinitis}/comments`, viewer.accessToken, { body: long });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('A comment must be 4,000 characters or less');
    expect((await call('POST', `/nodes/${ids.Rhinitis}/comments`, viewer.accessToken, { body: '   ' })).statusCode).toBe(400);
    expect((await call('POST', `/relations/${ids.relation}/comments`, viewer.accessToken, {})).statusCode).toBe(400);
    expect((await call('PUT', `/comments/${theirs.id}`, editor.accessToken, { body: long })).statusCode).toBe(400);
    expect((await call('PUT', `/comments/${theirs.id}`, editor.accessToken, { body: '' })).statusCode).toBe(400);
    expect(await post(`/nodes/${ids.Rhinitis}/comments`, viewer.accessToken, 'b'.repeat(COMMENT_LIMITS.bodyMax))).toMatchObject({ body: 'b'.repeat(COMMENT_LIMITS.bodyMax) });
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments WHERE length(body) > $1 OR btrim(body) = ''`, [COMMENT_LIMITS.bodyMax]);
    expect(n).toBe(0);
  });

  it('unknown record or comment: 404; a malformed id: 400', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/nodes/${unknown}/comments`, viewer.accessToken)).statusCode).toBe(404);
    expect((await call('POST', `/nodes/${unknown}/comments`, viewer.accessToken, { body: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/relations/${unknown}/comments`, viewer.accessToken)).statusCode).toBe(404);
    expect((await call('POST', `/relations/${ids.Asthma}/comments`, viewer.accessToken, { body: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/comments/${unknown}`, viewer.accessToken, { body: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/comments/${unknown}`, viewer.accessToken)).statusCode).toBe(404);
    expect((await call('GET', '/nodes/not-a-uuid/comments', viewer.accessToken)).statusCode).toBe(400);
  });
});

describe('live discussion', () => {
  let live: ReturnType<typeof changeListener>;
  afterAll(() => live?.close());

  it('a second reader’s socket receives the new, edited and deleted comment (its record, never its text); an outsider nothing', async () => {
    live = changeListener(t.app);
    const listen = live.listen;
    const [seen, outsiderSeen] = await Promise.all([listen(viewer.accessToken), listen(outsiderToken)]);
    const arrived = async (id: string, n: number) => {
      const deadline = Date.now() + 5000;
      while (seen.filter((m) => m.id === id).length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    };
    const c = await post(`/nodes/${ids.Asthma}/comments`, editor.accessToken, 'secret-words live');
    const started = Date.now();
    await arrived(c.id, 1);
    expect(Date.now() - started).toBeLessThan(1000);
    await call('PUT', `/comments/${c.id}`, editor.accessToken, { body: 'secret-words edited' });
    await call('DELETE', `/comments/${c.id}`, editor.accessToken);
    await arrived(c.id, 3);
    expect(seen.filter((m) => m.id === c.id)).toEqual(
      ['create', 'update', 'delete'].map((action) =>
        expect.objectContaining({ entityType: 'comment', id: c.id, action, fields: ['body'], on: { type: 'node', id: ids.Asthma }, actor: { id: editor.user.id, username: 'c_editor' } }),
      ),
    );
    expect(JSON.stringify(seen)).not.toContain('secret-words');
    expect(outsiderSeen).toEqual([]);
  });
});
