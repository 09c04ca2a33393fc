import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ProposalPageSchema, ProposerList } from '../../../contract';
import type { z } from 'zod';
import { testApp, type TestApp } from '../../test/harness';
import { listProposers } from './repository';

/**
 * The review queue's proposer filter: GET /api/proposals/proposers names everyone with proposals
 * in the chosen state, not only those on the page the queue shows; reviewers only.
 */
let t: TestApp;
let admin: AuthResponse;
const people: Record<string, AuthResponse> = {};
type Page = z.infer<typeof ProposalPageSchema>;

const call = (url: string, token?: string, payload?: Record<string, unknown>) =>
  t.call({ method: payload ? 'POST' : 'GET', url: `/api${url}`, token, payload });
const propose = async (who: AuthResponse, name: string, state: 'draft' | 'submitted' = 'submitted') => {
  const res = await call('/proposals', who.accessToken, { state, changes: [{ kind: 'node', action: 'create', after: { name, nodeType: 'Disease' } }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};
const proposers = async (query = '', token = admin.accessToken) => {
  const res = await call(`/proposals/proposers${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProposerList>();
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('pp_admin');
  for (const name of ['pp_zoe', 'pp_anna', 'pp_mia', 'pp_viewer']) {
    await t.register(name);
    const role = name === 'pp_viewer' ? 'viewer' : 'editor';
    await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = $2) WHERE username = $1`, [name, role]);
    people[name] = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: name, password: 'secret-pw' } })).json<AuthResponse>();
  }
  await call('/nodetypes', admin.accessToken, { name: 'Disease' });
  // Anna proposed first, then Zoe three times: with a page of three, Anna is on page 2 only.
  await propose(people.pp_anna, 'Anna 1');
  for (const n of [1, 2, 3]) await propose(people.pp_zoe, `Zoe ${n}`);
  // Mia's only proposal is a draft.
  await propose(people.pp_mia, 'Mia draft', 'draft');
});
afterAll(() => t?.close());

describe('the queue’s proposer filter', () => {
  it('names a proposer whose proposals are all beyond the first page, by name', async () => {
    const first = (await call('/proposals?state=submitted&limit=3', admin.accessToken)).json<Page>();
    expect(first.pagination.total).toBe(4);
    expect(first.data.map((p) => p.proposer.name)).toEqual(['pp_zoe', 'pp_zoe', 'pp_zoe']);
    const list = await proposers('?state=submitted');
    expect(list).toEqual({ data: [{ id: people.pp_anna.user.id, name: 'pp_anna' }, { id: people.pp_zoe.user.id, name: 'pp_zoe' }], truncated: false });
  });

  it('follows the chosen state; without one it names everyone who proposed', async () => {
    expect((await proposers('?state=draft')).data.map((p) => p.name)).toEqual(['pp_mia']);
    expect((await proposers('?state=approved')).data).toEqual([]);
    expect((await proposers()).data.map((p) => p.name)).toEqual(['pp_anna', 'pp_mia', 'pp_zoe']);
  });

  it('is bounded: beyond the bound it says the list is truncated', async () => {
    expect(await listProposers(t.db, undefined, 2)).toEqual({ data: [{ id: people.pp_anna.user.id, name: 'pp_anna' }, { id: people.pp_mia.user.id, name: 'pp_mia' }], truncated: true });
    expect((await listProposers(t.db, undefined, 3)).truncated).toBe(false);
  });

  it('refuses an unknown state (400), no session (401), and everyone without changes.review (403)', async () => {
    expect((await call('/proposals/proposers?state=pending', admin.accessToken)).statusCode).toBe(400);
    expect((await call('/proposals/proposers?state=submitted')).statusCode).toBe(401);
    expect((await call('/proposals/proposers?state=submitted', people.pp_zoe.accessToken)).statusCode).toBe(403);
    expect((await call('/proposals/proposers?state=submitted', people.pp_viewer.accessToken)).statusCode).toBe(403);
  });
});
