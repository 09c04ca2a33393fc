import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ChangeMessage, Comment, CommentList, ProposalRef } from '../../../contract';
import { changeListener } from '../../test/change-listener';
import { testApp, type TestApp } from '../../test/harness';

/**
 * A proposal's discussion: its proposer and the reviewers read and join it; a viewer and another
 * editor (neither proposer nor reviewer) are refused; the live messages reach only those who may read it.
 */
let t: TestApp;
let admin: AuthResponse;
let proposer: AuthResponse;
let otherEditor: AuthResponse;
let viewer: AuthResponse;
let proposalId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) => t.call({ method, url: `/api${url}`, token, payload });
const signIn = async (login: string) => (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login, password: 'secret-pw' } })).json<AuthResponse>();

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('pc_admin');
  await t.register('pc_proposer');
  await t.register('pc_other');
  viewer = await t.register('pc_viewer');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username IN ('pc_proposer', 'pc_other')`);
  proposer = await signIn('pc_proposer');
  otherEditor = await signIn('pc_other');
  await call('POST', '/nodetypes', admin.accessToken, { name: 'Disease' });
  const node = (await call('POST', '/nodes', admin.accessToken, { name: 'Asthma', nodeType: 'Disease' })).json<{ id: string }>();
  expect((await call('PUT', '/review/settings', admin.accessToken, { enabled: true, nodeTypes: [], relationTypes: [] })).statusCode).toBe(200);
  const res = await call('PUT', `/nodes/${node.id}`, proposer.accessToken, { name: 'Asthma', nodeType: 'Disease', description: 'proposed text' });
  expect(res.statusCode).toBe(202);
  proposalId = res.json<ProposalRef>().proposal.id;
});
afterAll(() => t?.close());

describe('discussion on a proposal', () => {
  it('the proposer and a reviewer read and write the thread, oldest first, each post audited with the proposer named', async () => {
    const first = await call('POST', `/proposals/${proposalId}/comments`, proposer.accessToken, { body: 'Source: https://example.org/gina' });
    expect(first.statusCode).toBe(201);
    expect(first.json<Comment>()).toMatchObject({ recordType: 'proposal', recordId: proposalId, canEdit: true, canDelete: true });
    const second = await call('POST', `/proposals/${proposalId}/comments`, admin.accessToken, { body: 'Which edition?' });
    expect(second.statusCode).toBe(201);
    const list = await call('GET', `/proposals/${proposalId}/comments`, proposer.accessToken);
    expect(list.statusCode).toBe(200);
    expect(list.json<CommentList>().data.map((c) => [c.body, c.canEdit, c.canDelete])).toEqual([
      ['Source: https://example.org/gina', true, true],
      ['Which edition?', false, false],
    ]);
    // The reviewer moderates the thread (changes.review), as the record's delete permission does on a node.
    expect((await call('GET', `/proposals/${proposalId}/comments`, admin.accessToken)).json<CommentList>().data.map((c) => c.canDelete)).toEqual([true, true]);
    const [event] = await t.db.query<{ action: string; detail: Record<string, unknown> }>(`SELECT action, detail FROM audit_log WHERE entity_type = 'comment' AND entity_id = $1`, [
      first.json<Comment>().id,
    ]);
    expect(event).toMatchObject({ action: 'create', detail: { recordType: 'proposal', recordId: proposalId, proposer: { id: proposer.user.id } } });
  });

  it('a viewer and an editor who neither proposed it nor reviews are refused (403); an unknown proposal is 404; a signed-out caller 401', async () => {
    for (const token of [viewer.accessToken, otherEditor.accessToken]) {
      expect((await call('GET', `/proposals/${proposalId}/comments`, token)).statusCode).toBe(403);
      expect((await call('POST', `/proposals/${proposalId}/comments`, token, { body: 'let me in' })).statusCode).toBe(403);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/proposals/${unknown}/comments`, admin.accessToken)).statusCode).toBe(404);
    expect((await call('POST', `/proposals/${unknown}/comments`, admin.accessToken, { body: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/proposals/${proposalId}/comments`)).statusCode).toBe(401);
    expect((await call('POST', `/proposals/${proposalId}/comments`, proposer.accessToken, { body: '  ' })).statusCode).toBe(400);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments WHERE body = 'let me in'`);
    expect(n).toBe(0);
  });

  it('the other editor cannot delete or edit a comment on it; the author can', async () => {
    const mine = (await call('POST', `/proposals/${proposalId}/comments`, proposer.accessToken, { body: 'typo' })).json<Comment>();
    expect((await call('DELETE', `/comments/${mine.id}`, otherEditor.accessToken)).statusCode).toBe(403);
    expect((await call('PUT', `/comments/${mine.id}`, otherEditor.accessToken, { body: 'hijacked' })).statusCode).toBe(403);
    expect((await call('PUT', `/comments/${mine.id}`, proposer.accessToken, { body: 'no typo' })).json<Comment>()).toMatchObject({ body: 'no typo', edited: true });
    expect((await call('DELETE', `/comments/${mine.id}`, proposer.accessToken)).statusCode).toBe(204);
  });

  it('live: the proposer and reviewers receive a new comment on the proposal, the other editor and a viewer do not', async () => {
    const live = changeListener(t.app);
    try {
      const [toProposer, toReviewer, toOther, toViewer] = await Promise.all([proposer, admin, otherEditor, viewer].map((u) => live.listen(u.accessToken)));
      const c = (await call('POST', `/proposals/${proposalId}/comments`, admin.accessToken, { body: 'secret-words' })).json<Comment>();
      const arrived = (seen: ChangeMessage[]) => seen.some((m) => m.id === c.id);
      const deadline = Date.now() + 5000;
      while (!(arrived(toProposer) && arrived(toReviewer)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(toProposer.find((m) => m.id === c.id)).toMatchObject({ entityType: 'comment', action: 'create', on: { type: 'proposal', id: proposalId }, proposerId: proposer.user.id });
      expect(arrived(toReviewer)).toBe(true);
      // A later message to everyone (a node type: not under review) proves the sockets would have had the comment's by now.
      await call('POST', '/nodetypes', admin.accessToken, { name: 'Marker' });
      const markerDeadline = Date.now() + 5000;
      while (!(toOther.length > 0 && toViewer.length > 0) && Date.now() < markerDeadline) await new Promise((r) => setTimeout(r, 10));
      expect(toOther.some((m) => m.entityType === 'node_type')).toBe(true);
      expect(toOther.some((m) => m.entityType === 'comment')).toBe(false);
      expect(toViewer.some((m) => m.entityType === 'comment')).toBe(false);
      expect(JSON.stringify([toProposer, toReviewer])).not.toContain('secret-words');
    } finally {
      live.close();
    }
  });
});
