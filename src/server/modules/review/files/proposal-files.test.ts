import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Attachment, AuthResponse, KnowledgeNodeDetail, Proposal, ProposalRef, ReviewSettings } from '../../../../contract';
import { removeUnreferencedBlobs } from '../../../audit/blob-retention';
import { testApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/import-fixtures';

/**
 * Files chosen for a proposed new node: kept with the proposal (with every attachment check), seen by
 * its proposer and reviewers, added to the node in the approval's transaction, discarded on reject or
 * withdraw, and still kept when an approval fails.
 */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let editor2: AuthResponse;
let viewer: AuthResponse;

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20)]);
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.call({ method, url: `/api${url}`, token, payload: payload as Record<string, unknown> });
const settings = async (s: ReviewSettings) => expect((await call('PUT', '/review/settings', admin.accessToken, s)).statusCode).toBe(200);
const upload = (proposalId: string, filename = 'care plan.pdf', data = PDF, token = editor.accessToken, field = 'file') =>
  t.call({ method: 'POST', url: `/api/proposals/${proposalId}/attachments`, token, ...multipart(filename, data, field) });
const proposal = async (id: string, token = admin.accessToken) => (await call('GET', `/proposals/${id}`, token)).json<Proposal>();
const blobKeys = async (proposalId: string) =>
  (await t.db.query<{ blob_key: string }>('SELECT blob_key FROM proposal_attachments WHERE proposal_id = $1', [proposalId])).map((r) => r.blob_key);
const blobExists = async (key: string) => (await t.db.query('SELECT 1 FROM blobs WHERE key = $1', [key])).length > 0;

async function proposeNode(name: string, token = editor.accessToken): Promise<string> {
  const res = await call('POST', '/nodes', token, { name, nodeType: 'Disease' });
  expect(res.statusCode).toBe(202);
  return res.json<ProposalRef>().proposal.id;
}

async function login(username: string, role: string): Promise<AuthResponse> {
  await t.register(username);
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = $2) WHERE username = $1`, [username, role]);
  return (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: username, password: 'secret-pw' } })).json<AuthResponse>();
}

beforeAll(async () => {
  t = await testApp({ attachmentMaxBytes: 64 * 1024 });
  admin = await t.register('f_admin');
  editor = await login('f_editor', 'editor');
  editor2 = await login('f_editor2', 'editor');
  viewer = await t.register('f_viewer');
  await call('POST', '/nodetypes', admin.accessToken, { name: 'Disease' });
});
afterAll(() => t?.close());
beforeEach(() => settings({ enabled: true, nodeTypes: [], relationTypes: [] }));

describe('files kept with a proposed new node', () => {
  it('the proposer keeps a file; the proposal lists it for the proposer and reviewers, who download it', async () => {
    const id = await proposeNode('Bronchiectasis');
    const res = await upload(id, 'care plan:v2.pdf');
    expect(res.statusCode).toBe(201);
    const file = res.json<Attachment>();
    expect(file).toMatchObject({ filename: 'care plan_v2.pdf', size: PDF.length, contentType: 'application/pdf' });
    for (const token of [editor.accessToken, admin.accessToken]) {
      expect((await proposal(id, token)).attachments).toEqual([file]);
    }
    const listed = (await call('GET', '/proposals?state=submitted', admin.accessToken)).json<{ data: Proposal[] }>().data.find((p) => p.id === id)!;
    expect(listed.attachments.map((a) => a.filename)).toEqual(['care plan_v2.pdf']);

    const link = await call('GET', `/proposals/${id}/attachments/${file.id}/download`, admin.accessToken);
    expect(link.statusCode).toBe(200);
    const { downloadUrl } = link.json<{ downloadUrl: string }>();
    const content = await t.call({ method: 'GET', url: downloadUrl });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(PDF)).toBe(true);
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.call({ method: 'GET', url: downloadUrl.replace(/signature=[^&]+/, 'signature=AAAA') })).statusCode).toBe(403);
    // A node attachment's content route does not serve a kept file.
    expect((await t.call({ method: 'GET', url: downloadUrl.replace('/api/proposal-attachments/', '/api/attachments/') })).statusCode).toBe(404);
  });

  it('refuses others (403), unknown proposals and files (404), closed proposals and ones without a new node (409), bad requests (400), large (413) and wrong files (415)', async () => {
    const id = await proposeNode('Sarcoidosis');
    expect((await upload(id, 'a.pdf', PDF, editor2.accessToken)).statusCode).toBe(403);
    expect((await upload(id, 'a.pdf', PDF, admin.accessToken)).json().code).toBe('not_proposer');
    expect((await upload(id, 'a.pdf', PDF, viewer.accessToken)).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: `/api/proposals/${id}/attachments`, ...multipart('a.pdf', PDF) })).statusCode).toBe(401);
    expect((await upload('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await upload('not-a-uuid')).statusCode).toBe(400);
    expect((await upload(id, 'a.pdf', PDF, editor.accessToken, 'other')).statusCode).toBe(400);
    expect((await call('POST', `/proposals/${id}/attachments`, editor.accessToken, { file: 'x' })).statusCode).toBe(400);
    const big = await upload(id, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(70 * 1024, 0x20)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('file_too_large');
    expect((await upload(id, 'tool.exe', Buffer.from('MZ..'))).statusCode).toBe(415);
    expect((await upload(id, 'fake.pdf', Buffer.from('<html></html>'))).json().code).toBe('content_mismatch');

    const kept = (await upload(id)).json<Attachment>();
    expect((await call('GET', `/proposals/${id}/attachments/${kept.id}/download`, editor2.accessToken)).statusCode).toBe(403);
    expect((await call('GET', `/proposals/${id}/attachments/00000000-0000-4000-8000-000000000000/download`, admin.accessToken)).statusCode).toBe(404);
    expect((await call('GET', `/proposals/${id}/attachments/${kept.id}/download`, viewer.accessToken)).statusCode).toBe(403);

    // An update of an existing node is no place for new files.
    await settings({ enabled: false, nodeTypes: [], relationTypes: [] });
    const node = (await call('POST', '/nodes', admin.accessToken, { name: 'Pleurisy', nodeType: 'Disease' })).json<{ id: string; version: number }>();
    await settings({ enabled: true, nodeTypes: [], relationTypes: [] });
    const update = (await call('PUT', `/nodes/${node.id}`, editor.accessToken, { name: 'Pleurisy', nodeType: 'Disease', description: 'x' })).json<ProposalRef>().proposal.id;
    const notCreate = await upload(update);
    expect(notCreate.statusCode).toBe(409);
    expect(notCreate.json().code).toBe('not_node_create');

    expect((await call('POST', `/proposals/${id}/withdraw`, editor.accessToken)).statusCode).toBe(200);
    const closed = await upload(id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('proposal_closed');
    expect(await t.db.query('SELECT 1 FROM blobs b WHERE NOT EXISTS (SELECT 1 FROM attachments a WHERE a.blob_key = b.key) AND NOT EXISTS (SELECT 1 FROM proposal_attachments p WHERE p.blob_key = b.key)')).toHaveLength(0);
  });

  it('keeps at most 20 files with one proposal', async () => {
    const id = await proposeNode('Emphysema');
    for (let i = 0; i < 20; i++) expect((await upload(id, `n${i}.txt`, Buffer.from('notes'))).statusCode).toBe(201);
    const full = await upload(id, 'one-more.txt', Buffer.from('notes'));
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('too_many_files');
  });

  it('approval adds the files to the new node as attachment adds in the same transaction; the proposal keeps none', async () => {
    const id = await proposeNode('Pneumothorax');
    const kept = [(await upload(id, 'a.pdf')).json<Attachment>(), (await upload(id, 'b.txt', Buffer.from('notes'))).json<Attachment>()];
    const keys = await blobKeys(id);
    expect((await call('POST', `/proposals/${id}/approve`, admin.accessToken, {})).statusCode).toBe(200);
    const [{ id: nodeId }] = await t.db.query<{ id: string }>(`SELECT id FROM nodes WHERE name = 'Pneumothorax'`);
    const node = (await call('GET', `/nodes/${nodeId}`, viewer.accessToken)).json<KnowledgeNodeDetail>();
    expect(node.attachments.map((a) => a.filename).sort()).toEqual(['a.pdf', 'b.txt']);
    expect((await proposal(id)).attachments).toEqual([]);
    const rows = await t.db.query<{ blob_key: string; uploaded_by: string }>('SELECT blob_key, uploaded_by FROM attachments WHERE node_id = $1', [nodeId]);
    expect(rows.map((r) => r.blob_key).sort()).toEqual([...keys].sort());
    expect(new Set(rows.map((r) => r.uploaded_by))).toEqual(new Set([editor.user.id]));
    const events = await t.db.query<{ action: string; detail: { proposal?: string } }>(
      `SELECT action, detail FROM audit_log WHERE (entity_type = 'node' AND entity_id = $1) OR (entity_type = 'proposal' AND entity_id = $2 AND action = 'approve') ORDER BY id`,
      [nodeId, id],
    );
    expect(events.map((e) => e.action)).toEqual(['create', 'attachment_add', 'attachment_add', 'approve']);
    expect(events.slice(0, 3).every((e) => e.detail.proposal === id)).toBe(true);
    expect(kept).toHaveLength(2);
    // The contents are the node's now: nothing to remove.
    expect(await removeUnreferencedBlobs(t.app, keys)).toEqual([]);
  });

  it('a failed approval (a node of that name appeared meanwhile) leaves the files kept', async () => {
    const id = await proposeNode('Asbestosis');
    await upload(id);
    await settings({ enabled: false, nodeTypes: [], relationTypes: [] });
    expect((await call('POST', '/nodes', admin.accessToken, { name: 'Asbestosis', nodeType: 'Disease' })).statusCode).toBe(201);
    await settings({ enabled: true, nodeTypes: [], relationTypes: [] });
    const refused = await call('POST', `/proposals/${id}/approve`, admin.accessToken, {});
    expect(refused.statusCode).toBe(409);
    expect((await proposal(id)).attachments.map((a) => a.filename)).toEqual(['care plan.pdf']);
    const [key] = await blobKeys(id);
    expect(await blobExists(key)).toBe(true);
    expect(await t.db.query(`SELECT 1 FROM attachments WHERE blob_key = $1`, [key])).toHaveLength(0);
  });

  it('rejection and withdrawal discard the files and their contents', async () => {
    const rejected = await proposeNode('Silicosis');
    await upload(rejected);
    const [rejectedKey] = await blobKeys(rejected);
    expect((await call('POST', `/proposals/${rejected}/reject`, admin.accessToken, { reason: 'Not in scope' })).statusCode).toBe(200);
    expect((await proposal(rejected)).attachments).toEqual([]);
    expect(await blobExists(rejectedKey)).toBe(false);

    const withdrawn = await proposeNode('Byssinosis');
    await upload(withdrawn);
    const [withdrawnKey] = await blobKeys(withdrawn);
    expect((await call('POST', `/proposals/${withdrawn}/withdraw`, editor.accessToken)).statusCode).toBe(200);
    expect(await blobKeys(withdrawn)).toEqual([]);
    expect(await blobExists(withdrawnKey)).toBe(false);
  });

  it("kept files' contents survive the audit purge's blob clean-up", async () => {
    const id = await proposeNode('Anthracosis');
    await upload(id);
    const keys = await blobKeys(id);
    expect(await removeUnreferencedBlobs(t.app, keys)).toEqual([]);
    expect(await blobExists(keys[0])).toBe(true);
  });
});
