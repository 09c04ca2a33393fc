import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, isProposalSent, ProposalSentError } from './client';
import { nodesApi } from './knowledge/nodes';
import { relationsApi } from './knowledge/relations';

const reply = (body: unknown, status: number) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: body === undefined ? {} : { 'content-type': 'application/json' } });

/** Review mode answers a write with 202 `{ proposal }`: no caller may take it for the saved record. */
describe('a write that became a proposal (202)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects node and relation writes with ProposalSentError carrying the proposal', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => reply({ proposal: { id: 'p1', state: 'submitted' } }, 202)));
    const api = apiClient({ base: 'http://review.test' });
    const nodes = nodesApi(api);
    const relations = relationsApi(api);
    const writes = [
      nodes.create({ name: 'Asthma', nodeType: 'Disease' }),
      nodes.update('n1', { name: 'Asthma', nodeType: 'Disease' }, 3),
      nodes.remove('n1', 3),
      relations.create({ relationName: 'treats', sourceNodeId: 'a', targetNodeId: 'b', relationType: 'treats' }),
      relations.remove('r1'),
    ];
    for (const write of writes) {
      const err: unknown = await write.then(() => null, (e: unknown) => e);
      expect(isProposalSent(err)).toBe(true);
      expect(err).toBeInstanceOf(ProposalSentError);
      expect(err).toMatchObject({ status: 202, code: 'proposal_sent', message: 'Sent for review', proposal: { id: 'p1', state: 'submitted' } });
    }
  });

  it('resolves a 202 of another kind (a started job) and ordinary saves as before', async () => {
    const answers = [reply({ processId: 'job-1' }, 202), reply({ id: 'n1', name: 'Asthma', version: 1 }, 201), reply(undefined, 204)];
    vi.stubGlobal('fetch', vi.fn(async () => answers.shift()!));
    const api = apiClient({ base: 'http://no-review.test' });
    await expect(api.request('/terminology/add', { method: 'POST', body: {} })).resolves.toEqual({ processId: 'job-1' });
    await expect(nodesApi(api).create({ name: 'Asthma', nodeType: 'Disease' })).resolves.toMatchObject({ id: 'n1' });
    await expect(nodesApi(api).remove('n1')).resolves.toBeUndefined();
  });
});
