import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { Graph, GraphNode } from '../../contract/knowledge/graph';
import type { Proposal } from '../../contract/knowledge/review';
import { GRAPH_PROPOSAL_TEXTS as P } from '../../contract/texts/graph';
import { graphExplorerMachine, type GraphExplorerPorts } from './graph-explorer.machine';

const node = (id: string): GraphNode => ({ id, name: `Node ${id}`, nodeType: 'Disease', snomedCode: null, description: null, createdAt: '2024-01-01T00:00:00.000Z', degree: 0 });
const graph: Graph = { focus: null, nodes: [node('a'), node('b')], relations: [], truncated: false, totalNodes: 2 };
const anchor = { x: 1, y: 2 };
const proposal: Proposal = {
  id: 'p1',
  state: 'submitted',
  proposer: { id: 'u1', name: 'Erin' },
  reviewer: null,
  reason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
  outdated: false,
  attachments: [],
  changes: [
    { kind: 'relation', action: 'create', targetId: null, ref: null, recordType: 'treats', baseVersion: null, before: null, after: { sourceNodeId: 'a', targetNodeId: 'b', relationType: 'treats', relationName: 'x' }, outdated: false, currentVersion: null },
    { kind: 'node', action: 'update', targetId: 'a', ref: null, recordType: 'Disease', baseVersion: 1, before: { name: 'Node a' }, after: { name: 'A', nodeType: 'Disease' }, outdated: false, currentVersion: 1 },
  ],
};

function start(ports: Partial<GraphExplorerPorts> = {}) {
  let proposals: Proposal[] = [proposal];
  const full: GraphExplorerPorts = {
    loadGraph: vi.fn(async () => graph),
    loadTypes: vi.fn(async () => ({ nodeTypes: ['Disease'], relationTypes: ['treats'] })),
    changeRelationType: vi.fn(async () => undefined),
    deleteRelation: vi.fn(async () => undefined),
    deleteNode: vi.fn(async () => undefined),
    updateNode: vi.fn(async () => undefined),
    loadProposals: vi.fn(async () => proposals),
    decideProposal: vi.fn(async () => {
      proposals = [];
    }),
    ...ports,
  };
  const actor = createActor(graphExplorerMachine, { input: { ports: full } }).start();
  return { actor, ports: full, ctx: () => actor.getSnapshot().context, setProposals: (list: Proposal[]) => (proposals = list) };
}
const idle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches({ ready: { data: 'idle', ui: 'idle' } }));

describe('graph explorer machine: open proposals', () => {
  it('loads the open proposals with the graph; a popover opens on a proposed new relation as on an ordinary one', async () => {
    const { actor, ports, ctx } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ports.loadProposals).toHaveBeenCalledTimes(1);
    expect(ctx().proposals.map((p) => p.id)).toEqual(['p1']);
    actor.send({ type: 'edge.open', relationId: 'proposed:p1:0', anchor });
    expect(ctx().popover).toEqual({ kind: 'edge', id: 'proposed:p1:0', anchor });
    actor.send({ type: 'edge.open', relationId: 'proposed:p9:0', anchor });
    expect(ctx().popover?.id).toBe('proposed:p1:0');
  });

  it('without the port (no permission to see proposals) nothing is loaded; a failing list leaves the graph drawn without them', async () => {
    const none = start({ loadProposals: undefined, decideProposal: undefined });
    await waitFor(none.actor, (s) => s.matches('ready'));
    expect(none.ctx().proposals).toEqual([]);
    const failing = start({ loadProposals: async () => Promise.reject(new ApiError(500, 'internal', 'boom')) });
    await waitFor(failing.actor, (s) => s.matches('ready'));
    expect(failing.ctx().graph?.nodes).toHaveLength(2);
    expect(failing.ctx().proposals).toEqual([]);
  });

  it('approve from the popover: busy while it runs, then a toast and one reload of graph and proposals', async () => {
    let finish!: () => void;
    const { actor, ports, ctx, setProposals } = start({ decideProposal: vi.fn(() => new Promise<void>((r) => (finish = r))) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'node.open', nodeId: 'a', anchor });
    actor.send({ type: 'proposal.decide', proposalId: 'p1', decision: 'approve' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(ctx().popover?.id).toBe('a');
    expect(ports.decideProposal).toHaveBeenCalledWith('p1', 'approve', undefined);
    setProposals([]);
    finish();
    await waitFor(actor, (s) => s.matches({ ready: { data: 'reloading' } }));
    await idle(actor);
    expect(ctx().toast?.message).toBe(P.approved);
    expect(ports.loadGraph).toHaveBeenCalledTimes(2);
    expect(ctx().proposals).toEqual([]);
  });

  it('reject carries its reason; a refusal keeps the popover open with the server message', async () => {
    const decide = vi.fn(async () => Promise.reject(new ApiError(400, 'validation_error', 'Say why the proposal is rejected')));
    const { actor, ctx } = start({ decideProposal: decide });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'edge.open', relationId: 'proposed:p1:0', anchor });
    actor.send({ type: 'proposal.decide', proposalId: 'p1', decision: 'reject', reason: 'No source' });
    await waitFor(actor, (s) => s.matches({ ready: { ui: { edgePopover: 'viewing' } } }));
    expect(decide).toHaveBeenCalledWith('p1', 'reject', 'No source');
    expect(ctx().toast).toEqual(expect.objectContaining({ severity: 'error', message: 'Say why the proposal is rejected' }));
    expect(ctx().popover?.id).toBe('proposed:p1:0');
  });

  it('a proposal that is not loaded cannot be decided', async () => {
    const { actor, ports } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'node.open', nodeId: 'a', anchor });
    actor.send({ type: 'proposal.decide', proposalId: 'other', decision: 'approve' });
    expect(ports.decideProposal).not.toHaveBeenCalled();
  });

  it('a live proposal message loads only the proposals again', async () => {
    const { actor, ports, ctx, setProposals } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    setProposals([]);
    actor.send({ type: 'proposals.reload' });
    await waitFor(actor, () => ctx().proposals.length === 0);
    expect(ports.loadProposals).toHaveBeenCalledTimes(2);
    expect(ports.loadGraph).toHaveBeenCalledTimes(1);
  });
});
