import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ProposalPageSchema, ProposalRef } from '../../../contract';
import type { z } from 'zod';
import { testApp, type TestApp } from '../../test/harness';

/** The review queue's age filter: proposals made more than `olderThanDays` days ago; bounded. */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
const ids: Record<string, string> = {};
type Page = z.infer<typeof ProposalPageSchema>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) => t.call({ method, url: `/api${url}`, token, payload });

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('qf_admin');
  await t.register('qf_editor');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'qf_editor'`);
  editor = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'qf_editor', password: 'secret-pw' } })).json<AuthResponse>();
  await call('POST', '/nodetypes', admin.accessToken, { name: 'Disease' });
  await call('PUT', '/review/settings', admin.accessToken, { enabled: true, nodeTypes: [], relationTypes: [] });
  for (const name of ['Old', 'Week', 'New']) {
    const res = await call('POST', '/nodes', editor.accessToken, { name, nodeType: 'Disease' });
    expect(res.statusCode).toBe(202);
    ids[name] = res.json<ProposalRef>().proposal.id;
  }
  await t.db.query(`UPDATE proposals SET created_at = now() - interval '40 days' WHERE id = $1`, [ids.Old]);
  await t.db.query(`UPDATE proposals SET created_at = now() - interval '8 days' WHERE id = $1`, [ids.Week]);
});
afterAll(() => t?.close());

describe('the queue’s age filter', () => {
  it('olderThanDays lists the proposals made more than that many days ago, with their total', async () => {
    const list = async (q: string) => (await call('GET', `/proposals?state=submitted${q}`, admin.accessToken)).json<Page>();
    expect((await list('')).data.map((p) => p.id)).toEqual([ids.New, ids.Week, ids.Old]);
    const week = await list('&olderThanDays=7');
    expect(week.data.map((p) => p.id)).toEqual([ids.Week, ids.Old]);
    expect(week.pagination.total).toBe(2);
    expect((await list('&olderThanDays=30')).data.map((p) => p.id)).toEqual([ids.Old]);
    expect((await list('&olderThanDays=1&limit=1&skip=1')).data.map((p) => p.id)).toEqual([ids.Old]);
  });

  it('refuses a day count outside 1..3650 or not a whole number (400)', async () => {
    for (const bad of ['0', '-1', '3651', '1.5', 'week']) expect((await call('GET', `/proposals?olderThanDays=${bad}`, admin.accessToken)).statusCode).toBe(400);
  });
});
