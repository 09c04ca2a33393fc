import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AuthResponse, type ChangeMessage, type KnowledgeNode as Node, type Proposal, type ProposalRef, type Relation, type ReviewSettings } from '../../../contract';
import { changeListener } from '../../test/change-listener';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Review mode through the API: writes under review become proposals (202, nothing changed), the
 * four-eyes approval applies them in one transaction with audit events naming proposer and
 * reviewer, outdated proposals are refused until brought up to date, bundles apply all or nothing,
 * and proposals stay with their proposer and the reviewers.
 */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let viewer: AuthResponse;
const ids: Record<string, string> = {};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, headers?: Record<string, string>) =>
  t.call({ method, url: `/api${url}`, token, payload: payload as Record<string, unknown>, headers });
const settings = async (s: ReviewSettings) => expect((await call('PUT', '/review/settings', admin.accessToken, s)).statusCode).toBe(200);
const nodeNow = async (id: string) => (await call('GET', `/nodes/${id}`, admin.accessToken)).json<Node>();
const proposal = async (id: string, token = admin.accessToken) => (await call('GET', `/proposals/${id}`, token)).json<Proposal>();
const newNode = async (name: string, nodeType = 'Disease') => {
  const res = await call('POST', '/nodes', admin.accessToken, { name, nodeType });
  expect(res.statusCode).toBe(201);
  return res.json<Node>();
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('r_admin');
  editor = await t.register('r_editor');
  viewer = await t.register('r_viewer');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'r_editor'`);
  editor = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'r_editor', password: 'secret-pw' } })).json<AuthResponse>();
  for (const name of ['Disease', 'Drug']) await call('POST', '/nodetypes', admin.accessToken, { name });
  await call('POST', '/relationtypes', admin.accessToken, { name: 'treats' });
  await call('POST', '/relationtypes', admin.accessToken, { name: 'related to' });
  ids.asthma = (await newNode('Asthma')).id;
  ids.salbutamol = (await newNode('Salbutamol', 'Drug')).id;
});
afterAll(() => t?.close());
beforeEach(() => settings({ enabled: true, nodeTypes: [], relationTypes: [] }));

describe('review settings', () => {
  it('every signed-in user reads them; only system.config writes them; unknown types are refused', async () => {
    const read = await call('GET', '/review/settings', viewer.accessToken);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ enabled: true, nodeTypes: [], relationTypes: [] });
    expect((await call('PUT', '/review/settings', editor.accessToken, { enabled: false, nodeTypes: [], relationTypes: [] })).statusCode).toBe(403);
    expect((await call('PUT', '/review/settings', admin.accessToken, { enabled: true, nodeTypes: ['Nope'], relationTypes: [] })).statusCode).toBe(400);
    expect((await call('GET', '/review/settings')).statusCode).toBe(401);
  });

  it('only the listed types are under review: a type not listed is written directly', async () => {
    await settings({ enabled: true, nodeTypes: ['drug'], relationTypes: [] });
    const direct = await call('PUT', `/nodes/${ids.asthma}`, editor.accessToken, { name: 'Asthma', nodeType: 'Disease', description: 'direct' });
    expect(direct.statusCode).toBe(200);
    expect((await nodeNow(ids.asthma)).description).toBe('direct');
    const reviewed = await call('PUT', `/nodes/${ids.salbutamol}`, editor.accessToken, { name: 'Salbutamol', nodeType: 'Drug', description: 'proposed' });
    expect(reviewed.statusCode).toBe(202);
    expect((await nodeNow(ids.salbutamol)).description).not.toBe('proposed');
    // Relations of an unlisted relation type are written directly too.
    const rel = await call('POST', '/relations', editor.accessToken, { relationName: 'relieves', sourceNodeId: ids.salbutamol, targetNodeId: ids.asthma, relationType: 'treats' });
    expect(rel.statusCode).toBe(201);
    await settings({ enabled: false, nodeTypes: [], relationTypes: [] });
    expect((await call('POST', '/nodes', editor.accessToken, { name: 'Direct while off', nodeType: 'Drug' })).statusCode).toBe(201);
  });
});

describe('proposals from the ordinary routes', () => {
  it("an editor's update leaves the node unchanged and creates a submitted proposal; the proposer cannot approve it; a reviewer's approval applies it with an audit event naming both", async () => {
    const before = await nodeNow(ids.asthma);
    const res = await call('PUT', `/nodes/${ids.asthma}`, editor.accessToken, { name: 'Asthma', nodeType: 'Disease', description: 'Chronic airway inflammation' }, { 'if-match': `"${before.version}"` });
    expect(res.statusCode).toBe(202);
    const { proposal: ref } = res.json<ProposalRef>();
    expect(ref.state).toBe('submitted');
    expect(await nodeNow(ids.asthma)).toEqual(before);

    const p = await proposal(ref.id, editor.accessToken);
    expect(p).toMatchObject({ state: 'submitted', proposer: { id: editor.user.id, name: 'r_editor' }, reviewer: null, outdated: false });
    expect(p.changes).toEqual([
      expect.objectContaining({ kind: 'node', action: 'update', targetId: ids.asthma, baseVersion: before.version, outdated: false, after: expect.objectContaining({ description: 'Chronic airway inflammation' }) }),
    ]);
    expect(p.changes[0].before).toMatchObject({ id: ids.asthma, description: before.description });

    // Four eyes: the proposer holds no changes.review (403 by the route table)…
    expect((await call('POST', `/proposals/${ref.id}/approve`, editor.accessToken, {})).statusCode).toBe(403);
    const approved = await call('POST', `/proposals/${ref.id}/approve`, admin.accessToken, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json<Proposal>()).toMatchObject({ state: 'approved', reviewer: { id: admin.user.id, name: 'r_admin' }, decidedAt: expect.any(String) });
    expect((await nodeNow(ids.asthma)).description).toBe('Chronic airway inflammation');

    const events = await t.db.query<{ actor_name: string; action: string; detail: Record<string, unknown> }>(
      `SELECT actor_name, action, detail FROM audit_log WHERE entity_type = 'node' AND entity_id = $1 AND detail ? 'proposal'`,
      [ids.asthma],
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_name: 'r_admin', action: 'update', detail: { proposal: ref.id, proposer: { username: 'r_editor' }, reviewer: { username: 'r_admin' } } });
  });

  it('admins are under review too, and never approve their own proposal (403)', async () => {
    const res = await call('POST', '/nodes', admin.accessToken, { name: 'Admin proposed', nodeType: 'Disease' });
    expect(res.statusCode).toBe(202);
    const { id } = res.json<ProposalRef>().proposal;
    const own = await call('POST', `/proposals/${id}/approve`, admin.accessToken, {});
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'own_proposal' });
    expect((await call('GET', '/nodes?search=Admin%20proposed', admin.accessToken)).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('a write under review is validated and If-Match checked first (nothing is proposed then)', async () => {
    expect((await call('POST', '/nodes', editor.accessToken, { name: 'X', nodeType: 'No such type' })).statusCode).toBe(400);
    const stale = await call('PUT', `/nodes/${ids.asthma}`, editor.accessToken, { name: 'Asthma', nodeType: 'Disease' }, { 'if-match': '"999"' });
    expect(stale.statusCode).toBe(412);
    expect((await call('DELETE', '/nodes/00000000-0000-4000-8000-000000000009', editor.accessToken)).statusCode).toBe(404);
  });

  it('rejection needs a reason, which the proposal keeps; withdraw is the proposer’s', async () => {
    const { id } = (await call('DELETE', `/nodes/${ids.salbutamol}`, editor.accessToken)).json<ProposalRef>().proposal;
    expect((await call('POST', `/proposals/${id}/reject`, admin.accessToken, {})).statusCode).toBe(400);
    expect((await call('POST', `/proposals/${id}/reject`, admin.accessToken, { reason: '  ' })).statusCode).toBe(400);
    expect((await call('POST', `/proposals/${id}/withdraw`, admin.accessToken)).statusCode).toBe(403);
    const rejected = await call('POST', `/proposals/${id}/reject`, admin.accessToken, { reason: 'Still prescribed' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<Proposal>()).toMatchObject({ state: 'rejected', reason: 'Still prescribed', reviewer: { name: 'r_admin' } });
    expect((await call('GET', `/nodes/${ids.salbutamol}`, admin.accessToken)).statusCode).toBe(200);
    // Decided: neither approved nor withdrawn afterwards.
    expect((await call('POST', `/proposals/${id}/approve`, admin.accessToken, {})).statusCode).toBe(409);
    expect((await call('POST', `/proposals/${id}/withdraw`, editor.accessToken)).statusCode).toBe(409);

    const other = (await call('DELETE', `/nodes/${ids.salbutamol}`, editor.accessToken)).json<ProposalRef>().proposal;
    const withdrawn = await call('POST', `/proposals/${other.id}/withdraw`, editor.accessToken);
    expect(withdrawn.json<Proposal>()).toMatchObject({ state: 'withdrawn' });
  });

  it('an outdated proposal is refused (409 proposal_outdated, nothing applied) and applies once brought up to date', async () => {
    const node = await newNodeDirect('Outdated target');
    const { id } = (await call('PUT', `/nodes/${node.id}`, editor.accessToken, { name: 'Outdated target', nodeType: 'Disease', url: 'https://example.org/proposed' })).json<ProposalRef>().proposal;
    // Someone changes the node meanwhile (review off for a moment).
    await settings({ enabled: false, nodeTypes: [], relationTypes: [] });
    expect((await call('PUT', `/nodes/${node.id}`, admin.accessToken, { name: 'Outdated target', nodeType: 'Disease', description: 'changed meanwhile' })).statusCode).toBe(200);
    await settings({ enabled: true, nodeTypes: [], relationTypes: [] });
    const seen = await proposal(id);
    expect(seen.outdated).toBe(true);
    expect(seen.changes[0]).toMatchObject({ outdated: true, currentVersion: node.version! + 1, baseVersion: node.version });

    const refused = await call('POST', `/proposals/${id}/approve`, admin.accessToken, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'proposal_outdated' });
    expect((await nodeNow(node.id)).url).toBeNull();
    expect((await proposal(id)).state).toBe('submitted');

    // The proposer brings it up to date: the new payload on the current version.
    const current = await nodeNow(node.id);
    const updated = await call('PUT', `/proposals/${id}`, editor.accessToken, {
      changes: [{ kind: 'node', action: 'update', targetId: node.id, baseVersion: current.version, after: { name: 'Outdated target', nodeType: 'Disease', description: 'changed meanwhile', url: 'https://example.org/proposed' } }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Proposal>().outdated).toBe(false);
    expect((await call('PUT', `/proposals/${id}`, admin.accessToken, { changes: updated.json<Proposal>().changes.map(() => ({ kind: 'node', action: 'delete', targetId: node.id })) })).statusCode).toBe(403);
    expect((await call('POST', `/proposals/${id}/approve`, admin.accessToken, {})).statusCode).toBe(200);
    expect(await nodeNow(node.id)).toMatchObject({ url: 'https://example.org/proposed', description: 'changed meanwhile' });
  });

  it('approve with edits applies the reviewer’s version of the change', async () => {
    const node = await newNodeDirect('Edited on approval');
    const { id } = (await call('PUT', `/nodes/${node.id}`, editor.accessToken, { name: 'Edited on approval', nodeType: 'Disease', description: 'typo hre' })).json<ProposalRef>().proposal;
    const res = await call('POST', `/proposals/${id}/approve`, admin.accessToken, {
      changes: [{ kind: 'node', action: 'update', targetId: node.id, after: { name: 'Edited on approval', nodeType: 'Disease', description: 'typo here' } }],
    });
    expect(res.statusCode).toBe(200);
    expect((await nodeNow(node.id)).description).toBe('typo here');
  });
});

/** A node written while review mode is off for a moment. */
async function newNodeDirect(name: string): Promise<Node> {
  await settings({ enabled: false, nodeTypes: [], relationTypes: [] });
  const node = await newNode(name);
  await settings({ enabled: true, nodeTypes: [], relationTypes: [] });
  return node;
}

describe('bundles', () => {
  it('a new node and its relation by local reference apply together', async () => {
    const res = await call('POST', '/proposals', editor.accessToken, {
      changes: [
        { kind: 'node', action: 'create', ref: 'ref:copd', after: { name: 'COPD', nodeType: 'Disease' } },
        { kind: 'relation', action: 'create', after: { relationName: 'treats copd', sourceNodeId: ids.salbutamol, targetNodeId: 'ref:copd', relationType: 'treats', note: 'internal-zebra' } },
      ],
    });
    expect(res.statusCode).toBe(201);
    const p = res.json<Proposal>();
    expect(p.state).toBe('submitted');
    expect((await call('POST', `/proposals/${p.id}/approve`, admin.accessToken, {})).statusCode).toBe(200);
    const copd = (await call('GET', '/nodes?search=COPD', admin.accessToken)).json<{ data: Node[] }>().data;
    expect(copd).toHaveLength(1);
    const rels = (await call('GET', `/nodes/${copd[0].id}/relations`, admin.accessToken)).json<Relation[]>();
    expect(rels.map((r) => [r.relationName, r.sourceNodeId])).toEqual([['treats copd', ids.salbutamol]]);
  });

  it('all or nothing: when the second change fails, the first is not applied', async () => {
    const first = await newNodeDirect('Bundle first');
    const res = await call('POST', '/proposals', editor.accessToken, {
      changes: [
        { kind: 'node', action: 'update', targetId: first.id, after: { name: 'Bundle first', nodeType: 'Disease', description: 'from the bundle' } },
        // A node named like an existing one of its type: the unique index refuses it on approval.
        { kind: 'node', action: 'create', after: { name: 'Asthma', nodeType: 'Disease' } },
      ],
    });
    expect(res.statusCode).toBe(201);
    const approve = await call('POST', `/proposals/${res.json<Proposal>().id}/approve`, admin.accessToken, {});
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ code: 'duplicate_node' });
    expect(await nodeNow(first.id)).toMatchObject(first);
    expect((await proposal(res.json<Proposal>().id)).state).toBe('submitted');
  });

  it('a draft is not in the queue until submitted, and a relation to an unknown local reference is refused', async () => {
    const bad = await call('POST', '/proposals', editor.accessToken, {
      changes: [{ kind: 'relation', action: 'create', after: { relationName: 'x', sourceNodeId: 'ref:nowhere', targetNodeId: ids.asthma, relationType: 'treats' } }],
    });
    expect(bad.statusCode).toBe(400);
    const draft = (await call('POST', '/proposals', editor.accessToken, { state: 'draft', changes: [{ kind: 'node', action: 'create', after: { name: 'Drafted', nodeType: 'Disease' } }] })).json<Proposal>();
    expect(draft.state).toBe('draft');
    expect((await call('POST', `/proposals/${draft.id}/approve`, admin.accessToken, {})).statusCode).toBe(409);
    expect((await call('POST', `/proposals/${draft.id}/submit`, editor.accessToken)).json<Proposal>().state).toBe('submitted');
    // A viewer proposes nothing: the changes need the write permissions.
    expect((await call('POST', '/proposals', viewer.accessToken, { changes: [{ kind: 'node', action: 'create', after: { name: 'V', nodeType: 'Disease' } }] })).statusCode).toBe(403);
  });
});

describe('live proposals', () => {
  let live: ReturnType<typeof changeListener>;
  afterAll(() => live?.close());

  it("a proposal reaches its proposer's and the reviewers' sockets (not a viewer's), and so does its approval", async () => {
    live = changeListener(t.app);
    const listen = live.listen;
    const [proposerSeen, reviewerSeen, viewerSeen] = await Promise.all([listen(editor.accessToken), listen(admin.accessToken), listen(viewer.accessToken)]);
    const node = await newNodeDirect('Live target');
    const { id } = (await call('PUT', `/nodes/${node.id}`, editor.accessToken, { name: 'Live target', nodeType: 'Disease', description: 'live' })).json<ProposalRef>().proposal;
    const arrived = async (seen: ChangeMessage[], action: string) => {
      for (let i = 0; i < 500 && !seen.some((m) => m.id === id && m.action === action); i++) await new Promise((r) => setTimeout(r, 10));
      return seen.find((m) => m.id === id && m.action === action);
    };
    expect(await arrived(proposerSeen, 'propose')).toMatchObject({ entityType: 'proposal', proposerId: editor.user.id });
    expect(await arrived(reviewerSeen, 'propose')).toMatchObject({ entityType: 'proposal' });
    await call('POST', `/proposals/${id}/approve`, admin.accessToken, {});
    expect(await arrived(proposerSeen, 'approve')).toMatchObject({ entityType: 'proposal', actor: { id: admin.user.id, username: 'r_admin' } });
    // The applied change is an ordinary node message, for every reader.
    for (let i = 0; i < 500 && !viewerSeen.some((m) => m.id === node.id && m.action === 'update'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(viewerSeen.some((m) => m.id === node.id && m.action === 'update')).toBe(true);
    expect(viewerSeen.filter((m) => m.entityType === 'proposal' && m.id !== null)).toEqual([]);
  });
});

describe('who sees proposals', () => {
  it('proposers see their own, reviewers all, viewers none; relation notes stay redacted for who may not see them', async () => {
    await call('POST', '/proposals', editor.accessToken, { changes: [{ kind: 'node', action: 'create', after: { name: 'Seen by few', nodeType: 'Disease' } }] });
    const adminList = (await call('GET', '/proposals?state=submitted', admin.accessToken)).json<{ data: Proposal[] }>().data;
    expect(adminList.length).toBeGreaterThan(0);
    expect(adminList.every((p) => p.state === 'submitted')).toBe(true);
    const mine = (await call('GET', '/proposals', editor.accessToken)).json<{ data: Proposal[] }>().data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p) => p.proposer.id === editor.user.id)).toBe(true);
    expect((await call('GET', '/proposals?mine=1', admin.accessToken)).json<{ data: Proposal[] }>().data.every((p) => p.proposer.id === admin.user.id)).toBe(true);
    const onAsthma = (await call('GET', `/proposals?recordId=${ids.asthma}`, admin.accessToken)).json<{ data: Proposal[] }>().data;
    expect(onAsthma.length).toBeGreaterThan(0);
    expect(onAsthma.every((p) => p.changes.some((c) => c.targetId === ids.asthma))).toBe(true);
    expect((await call('GET', '/proposals?type=Drug', admin.accessToken)).json<{ data: Proposal[] }>().data.every((p) => p.changes.some((c) => c.recordType === 'Drug'))).toBe(true);

    const viewerList = await call('GET', '/proposals', viewer.accessToken);
    expect(viewerList.statusCode).toBe(200);
    expect(viewerList.json<{ data: Proposal[] }>().data).toEqual([]);
    expect((await call('GET', `/proposals/${mine[0].id}`, viewer.accessToken)).statusCode).toBe(403);
    expect((await call('GET', '/proposals/count', viewer.accessToken)).json()).toEqual({ submitted: 0, mine: 0 });
    const count = (await call('GET', '/proposals/count', admin.accessToken)).json<{ submitted: number }>();
    expect(count.submitted).toBeGreaterThan(0);

    // A relation proposal with a note, read by a reviewer role that may not see notes.
    const relation = (await call('GET', `/nodes/${ids.salbutamol}/relations`, admin.accessToken)).json<Relation[]>()[0];
    const put = await call('PUT', `/relations/${relation.id}`, editor.accessToken, { relationName: relation.relationName, sourceNodeId: relation.sourceNodeId, targetNodeId: relation.targetNodeId, relationType: relation.relationType, note: 'secret-okapi' });
    expect(put.statusCode).toBe(202);
    const role = (await call('POST', '/roles', admin.accessToken, { name: 'Readers who review', permissions: ['nodes.read', 'changes.review'] })).json<{ id: string }>();
    expect((await call('PUT', `/users/${viewer.user.id}`, admin.accessToken, { roleId: role.id })).statusCode).toBe(200);
    const reviewer = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'r_viewer', password: 'secret-pw' } })).json<AuthResponse>();
    const seen = await call('GET', `/proposals/${put.json<ProposalRef>().proposal.id}`, reviewer.accessToken);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('secret-okapi');
    expect(seen.json<Proposal>().changes[0].after).not.toHaveProperty('note');
    expect((await proposal(put.json<ProposalRef>().proposal.id)).changes[0].after).toMatchObject({ note: 'secret-okapi' });
  });
});
