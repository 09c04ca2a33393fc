import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, EditConflictError } from '../../api/client';
import type { Graph, GraphNode, GraphRelation } from '../../contract/knowledge/graph';
import { GRAPH_MESSAGES } from '../../contract/texts/graph';
import { graphExplorerMachine, type GraphExplorerContext, type GraphExplorerEmitted, type GraphExplorerInput, type GraphExplorerPorts } from './graph-explorer.machine';

const node = (id: string, nodeType = 'Disease'): GraphNode => ({ id, name: `Node ${id}`, nodeType, snomedCode: null, description: null, createdAt: '2024-01-01T00:00:00.000Z', degree: 1 });
const rel = (id: string, s: string, t: string, relationType = 'treats'): GraphRelation => ({ id, sourceNodeId: s, targetNodeId: t, relationType, relationName: id, weight: 50, description: null });
const graph: Graph = {
  focus: null,
  nodes: [node('a'), node('b', 'Drug'), node('c', 'Symptom')],
  relations: [rel('r1', 'b', 'a'), rel('r2', 'c', 'a', 'symptom of')],
  truncated: false,
  totalNodes: 3,
};
const anchor = { x: 10, y: 20 };

/** Deferred promise: lets a test look at the machine while a call is still running. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function start(ports: Partial<GraphExplorerPorts> = {}, input: Partial<Omit<GraphExplorerInput, 'ports'>> = {}) {
  const full: GraphExplorerPorts = {
    loadGraph: vi.fn(async (focus: string | null) => ({ ...graph, focus })),
    loadTypes: vi.fn(async () => ({ nodeTypes: ['Disease', 'Drug', 'Symptom'], relationTypes: ['symptom of', 'treats'] })),
    changeRelationType: vi.fn(async () => undefined),
    deleteRelation: vi.fn(async () => undefined),
    deleteNode: vi.fn(async () => undefined),
    updateNode: vi.fn(async () => undefined),
    ...ports,
  };
  const actor = createActor(graphExplorerMachine, { input: { ports: full, ...input } });
  const emitted: GraphExplorerEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, ports: full, emitted, ctx: () => actor.getSnapshot().context, busy: () => actor.getSnapshot().hasTag('busy') };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('graph explorer machine', () => {
  it('loads the graph and the type catalogues once, then is ready', async () => {
    const { actor, ports, ctx } = start({}, { focusNodeId: 'a', relationType: 'treats', layout: 'circle' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await ready(actor);
    expect(ports.loadGraph).toHaveBeenCalledTimes(1);
    expect(ports.loadGraph).toHaveBeenCalledWith('a');
    expect(ctx().graph?.focus).toBe('a');
    expect(ctx().nodeTypes).toEqual(['Disease', 'Drug', 'Symptom']);
    expect(ctx().filters.relationTypes).toEqual(['treats']);
    expect(ctx().layout).toBe('circle');
    expect(ctx().loadCount).toBe(1);
  });

  it('a failed load shows the spec message; Refresh tries again', async () => {
    let fail = true;
    const { actor, ctx } = start({ loadGraph: async () => (fail ? Promise.reject(new ApiError(500, 'internal', 'boom')) : graph) });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(ctx().error).toBe('Failed to load graph data: boom');
    fail = false;
    actor.send({ type: 'graph.reload' });
    await ready(actor);
    expect(ctx().error).toBeNull();
  });

  it('filters: chips toggle, None clears a group, Clear Filters clears both; focus changes reload', async () => {
    const { actor, ports, ctx } = start();
    await ready(actor);
    actor.send({ type: 'filter.nodeType', name: 'Drug' });
    actor.send({ type: 'filter.nodeType', name: 'Symptom' });
    actor.send({ type: 'filter.relationType', name: 'treats' });
    expect(ctx().filters).toEqual({ nodeTypes: ['Drug', 'Symptom'], relationTypes: ['treats'] });
    actor.send({ type: 'filter.nodeType', name: 'Drug' });
    expect(ctx().filters.nodeTypes).toEqual(['Symptom']);
    actor.send({ type: 'filter.relationType', name: null });
    expect(ctx().filters.relationTypes).toEqual([]);
    actor.send({ type: 'filter.clear' });
    expect(ctx().filters).toEqual({ nodeTypes: [], relationTypes: [] });
    actor.send({ type: 'layout.set', layout: 'grid' });
    actor.send({ type: 'direction.toggle', which: 'incoming' });
    actor.send({ type: 'hub.expand', nodeId: 'a' });
    expect(ctx()).toMatchObject({ layout: 'grid', hideIncoming: true, expanded: { a: 1 } });
    expect(ports.loadGraph).toHaveBeenCalledTimes(1);

    actor.send({ type: 'graph.focus', focusNodeId: 'b', relationType: 'symptom of' });
    await ready(actor);
    expect(ports.loadGraph).toHaveBeenLastCalledWith('b');
    expect(ctx()).toMatchObject({ hideIncoming: false, expanded: {}, filters: { nodeTypes: [], relationTypes: ['symptom of'] }, presetRelationType: 'symptom of' });
  });

  it('deletes a node after confirmation; busy blocks closing and reloading', async () => {
    const call = deferred();
    const { actor, ports, ctx, busy, emitted } = start({ deleteNode: vi.fn(() => call.promise) });
    await ready(actor);
    actor.send({ type: 'node.open', nodeId: 'a', anchor });
    expect(ctx().popover).toEqual({ kind: 'node', id: 'a', anchor });
    actor.send({ type: 'node.delete' });
    actor.send({ type: 'confirm.ok' });
    expect(busy()).toBe(true);
    actor.send({ type: 'popover.close' });
    actor.send({ type: 'graph.reload' });
    expect(ctx().popover?.id).toBe('a');
    expect(actor.getSnapshot().matches({ ready: { data: 'idle' } })).toBe(true);
    call.resolve();
    await waitFor(actor, (s) => s.matches({ ready: { ui: 'idle' } }));
    expect(ports.deleteNode).toHaveBeenCalledWith('a');
    expect(ctx().graph?.nodes.map((n) => n.id)).toEqual(['b', 'c']);
    expect(ctx().graph?.relations).toEqual([]);
    expect(ctx().toast).toMatchObject({ message: GRAPH_MESSAGES.nodeDeleted, severity: 'success' });
    expect(emitted).toContainEqual({ type: 'node.deleted', nodeId: 'a' });
    expect(busy()).toBe(false);
  });

  it('a failed node deletion keeps the node and says so', async () => {
    const { actor, ctx } = start({ deleteNode: () => Promise.reject(new ApiError(403, 'forbidden', 'no')) });
    await ready(actor);
    actor.send({ type: 'node.open', nodeId: 'a', anchor });
    actor.send({ type: 'node.delete' });
    actor.send({ type: 'confirm.ok' });
    await waitFor(actor, (s) => s.matches({ ready: { ui: { nodePopover: 'viewing' } } }));
    expect(ctx().graph?.nodes).toHaveLength(3);
    expect(ctx().toast).toMatchObject({ message: 'Failed to delete node', severity: 'error' });
  });

  it('edits a relation type: Save needs a choice; success updates the edge and tells the page', async () => {
    const { actor, ports, ctx, emitted } = start();
    await ready(actor);
    actor.send({ type: 'edge.open', relationId: 'r1', anchor });
    actor.send({ type: 'relation.type.edit' });
    actor.send({ type: 'relation.type.save' });
    expect(actor.getSnapshot().matches({ ready: { ui: { edgePopover: 'typeForm' } } })).toBe(true);
    expect(ports.changeRelationType).not.toHaveBeenCalled();
    actor.send({ type: 'relation.type.choose', relationType: 'symptom of' });
    actor.send({ type: 'relation.type.save' });
    await waitFor(actor, (s) => s.matches({ ready: { ui: { edgePopover: 'viewing' } } }));
    expect(ports.changeRelationType).toHaveBeenCalledWith('r1', 'symptom of');
    expect(ctx().graph?.relations.find((r) => r.id === 'r1')?.relationType).toBe('symptom of');
    expect(ctx().toast?.message).toBe('Relation type updated successfully');
    expect(emitted).toContainEqual({ type: 'relation.changed', relationId: 'r1', change: 'updated', relationType: 'symptom of' });
  });

  /** Opens r1's type form, chooses `relationType` and saves; resolves when the (refused) save is back in the form. */
  async function refusedTypeChange(error: Error) {
    const started = start({ changeRelationType: () => Promise.reject(error) });
    await ready(started.actor);
    started.actor.send({ type: 'edge.open', relationId: 'r1', anchor });
    started.actor.send({ type: 'relation.type.edit' });
    started.actor.send({ type: 'relation.type.choose', relationType: 'symptom of' });
    started.actor.send({ type: 'relation.type.save' });
    await waitFor(started.actor, (s) => s.matches({ ready: { ui: { edgePopover: 'typeForm' } } }));
    return started;
  }

  it('a failed type change stays in the form with the spec message', async () => {
    const { ctx } = await refusedTypeChange(new Error('x'));
    expect(ctx().toast).toMatchObject({ message: 'Failed to update relation type', severity: 'error' });
    expect(ctx().formError).toBe('Failed to update relation type');
    expect(ctx().graph?.relations.find((r) => r.id === 'r1')?.relationType).toBe('treats');
  });

  it("the server's refusal of a type change (a rule's 400, stale data) stays in the form until another choice", async () => {
    const refusal = 'Relation type "symptom of" allows source node types "Symptom" only; the source is a "Drug"';
    const { actor, ctx } = await refusedTypeChange(new ApiError(400, 'relation_rule', refusal));
    expect(ctx().formError).toBe(refusal);
    actor.send({ type: 'relation.type.choose', relationType: 'treats' });
    expect(ctx().formError).toBeNull();
    actor.send({ type: 'relation.type.save' });
    await waitFor(actor, (s) => s.matches({ ready: { ui: { edgePopover: 'typeForm' } } }) && ctx().formError !== null);
    actor.send({ type: 'confirm.cancel' });
    expect(ctx().formError).toBeNull();
  });

  it('keeps the relation types\' rules the ports load (empty when they give none)', async () => {
    const relationTypeRules = new Map([['treats', { sourceNodeTypes: ['Drug'], targetNodeTypes: ['Disease'], symmetric: false, defaultWeight: 70 }]]);
    const { actor, ctx } = start({ loadTypes: async () => ({ nodeTypes: [], relationTypes: ['treats'], relationTypeRules }) });
    await ready(actor);
    expect(ctx().relationTypeRules.get('treats')?.sourceNodeTypes).toEqual(['Drug']);
    const plain = start();
    await ready(plain.actor);
    expect(plain.ctx().relationTypeRules.size).toBe(0);
  });

  it('deletes a relation after confirmation', async () => {
    const { actor, ctx, emitted } = start();
    await ready(actor);
    actor.send({ type: 'edge.open', relationId: 'r2', anchor });
    actor.send({ type: 'relation.delete' });
    actor.send({ type: 'confirm.cancel' });
    actor.send({ type: 'relation.delete' });
    actor.send({ type: 'confirm.ok' });
    await waitFor(actor, (s) => s.matches({ ready: { ui: 'idle' } }));
    expect(ctx().graph?.relations.map((r) => r.id)).toEqual(['r1']);
    expect(ctx().toast?.message).toBe('Relation deleted successfully');
    expect(emitted).toContainEqual({ type: 'relation.changed', relationId: 'r2', change: 'deleted' });
  });

  it('the Edit Knowledge Node dialog checks, saves and shows the server message on failure', async () => {
    let fail = true;
    const { actor, ports, ctx } = start({ updateNode: vi.fn(async () => (fail ? Promise.reject(new ApiError(409, 'duplicate_node', 'A node named "x" already exists')) : undefined)) });
    await ready(actor);
    actor.send({ type: 'node.edit', nodeId: 'b' });
    expect(ctx().editing?.id).toBe('b');
    const values = { name: ' Aspirin ', nodeType: 'Drug', snomedCode: '', description: 'Pain relief' };
    actor.send({ type: 'node.edit.save', values: { ...values, name: ' ' } });
    expect(ctx().formError).toBe('Name and node type are required');
    actor.send({ type: 'node.edit.save', values });
    await waitFor(actor, (s) => s.matches({ ready: { ui: { editing: 'form' } } }) && !s.hasTag('busy'));
    expect(ctx().formError).toBe('A node named "x" already exists');
    expect(ctx().toast?.message).toBe('Failed to update node');
    fail = false;
    actor.send({ type: 'node.edit.save', values });
    await waitFor(actor, (s) => s.matches({ ready: { ui: 'idle' } }));
    expect(ports.updateNode).toHaveBeenLastCalledWith('b', values);
    expect(ctx().graph?.nodes.find((n) => n.id === 'b')).toMatchObject({ name: 'Aspirin', description: 'Pain relief', snomedCode: null });
    expect(ctx().toast?.message).toBe('Node updated successfully');
  });

  it('the node dialog sends the version the graph read; a 412 opens the comparison, keep mine saves over the new version', async () => {
    const versioned: Graph = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, version: 3 })) };
    const current = { ...versioned.nodes[1], description: 'Theirs', version: 4 };
    const updateNode = vi.fn(async (_id: string, v: { description: string }, version?: number) =>
      version === 3 ? Promise.reject(new EditConflictError('stale', current, { id: 'u2', username: 'ada' }, '2026-01-01T10:00:00.000Z')) : { ...current, ...v, version: 5 },
    );
    const { actor, ctx } = start({ loadGraph: vi.fn(async () => versioned), updateNode });
    await ready(actor);
    actor.send({ type: 'node.edit', nodeId: 'b' });
    const values = { name: 'Node b', nodeType: 'Drug', snomedCode: '', description: 'Mine' };
    actor.send({ type: 'node.edit.save', values });
    await waitFor(actor, (s) => s.context.editConflict !== null);
    expect(ctx()).toMatchObject({ formError: null, editConflict: { current: { description: 'Theirs' } } });
    expect(actor.getSnapshot().matches({ ready: { ui: { editing: 'form' } } })).toBe(true);
    actor.send({ type: 'conflict.adopt' });
    expect(ctx()).toMatchObject({ editConflict: null, editing: { version: 4 } });
    actor.send({ type: 'node.edit.save', values });
    await waitFor(actor, (s) => s.matches({ ready: { ui: 'idle' } }));
    expect(updateNode.mock.calls.map((c) => c[2])).toEqual([3, 4]);
    expect(ctx().graph?.nodes.find((n) => n.id === 'b')).toMatchObject({ description: 'Mine', version: 5 });
  });

  it('take theirs in the node dialog shows the node as it now is and writes nothing', async () => {
    const versioned: Graph = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, version: 3 })) };
    const current = { ...versioned.nodes[1], name: 'Aspirin', description: 'Theirs', version: 4 };
    const updateNode = vi.fn(async () => Promise.reject(new EditConflictError('stale', current, null, null)));
    const { actor, ctx } = start({ loadGraph: vi.fn(async () => versioned), updateNode });
    await ready(actor);
    actor.send({ type: 'node.edit', nodeId: 'b' });
    actor.send({ type: 'node.edit.save', values: { name: 'Node b', nodeType: 'Drug', snomedCode: '', description: 'Mine' } });
    await waitFor(actor, (s) => s.context.editConflict !== null);
    actor.send({ type: 'conflict.adopt', theirs: true });
    expect(ctx().editing).toMatchObject({ name: 'Aspirin', description: 'Theirs', version: 4 });
    expect(ctx().graph?.nodes.find((n) => n.id === 'b')).toMatchObject({ name: 'Aspirin', description: 'Theirs', version: 4 });
    expect(updateNode).toHaveBeenCalledTimes(1);
  });

  it('the edge type form sends the relation version; on a 412 keep mine saves again, take theirs shows their type', async () => {
    const versioned: Graph = { ...graph, relations: graph.relations.map((r) => ({ ...r, version: 2 })) };
    const current = { ...versioned.relations[0], relationType: 'prevents', version: 3 };
    const changeRelationType = vi.fn(async (_id: string, type: string, version?: number) =>
      version === 2 ? Promise.reject(new EditConflictError('stale', current, { id: 'u2', username: 'ada' }, null)) : { ...current, relationType: type, version: 4 },
    );
    const { actor, ctx } = start({ loadGraph: vi.fn(async () => versioned), changeRelationType });
    await ready(actor);
    const conflictOn = async () => {
      actor.send({ type: 'edge.open', relationId: 'r1', anchor });
      actor.send({ type: 'relation.type.edit' });
      actor.send({ type: 'relation.type.choose', relationType: 'symptom of' });
      actor.send({ type: 'relation.type.save' });
      await waitFor(actor, (s) => s.context.editConflict !== null);
    };
    await conflictOn();
    actor.send({ type: 'conflict.adopt', theirs: true });
    expect(actor.getSnapshot().matches({ ready: { ui: { edgePopover: 'viewing' } } })).toBe(true);
    expect(ctx().graph?.relations.find((r) => r.id === 'r1')).toMatchObject({ relationType: 'prevents', version: 3 });

    // Their change is what the graph now shows; a later change from an older copy meets a 412 again.
    actor.send({ type: 'popover.close' });
    changeRelationType.mockImplementationOnce(async () => Promise.reject(new EditConflictError('stale', { ...current, version: 6 }, null, null)));
    await conflictOn();
    actor.send({ type: 'conflict.adopt' });
    await waitFor(actor, (s) => s.matches({ ready: { ui: { edgePopover: 'viewing' } } }));
    expect(changeRelationType.mock.calls.map((c) => c[2])).toEqual([2, 3, 6]);
    expect(ctx().graph?.relations.find((r) => r.id === 'r1')).toMatchObject({ relationType: 'symptom of', version: 4 });
  });

  it('a layout change closes an open popover (its anchor no longer points at the node)', async () => {
    const { actor, ctx } = start();
    await ready(actor);
    actor.send({ type: 'node.open', nodeId: 'a', anchor });
    actor.send({ type: 'layout.set', layout: 'grid' });
    expect(ctx()).toMatchObject({ layout: 'grid', popover: null });
    expect(actor.getSnapshot().matches({ ready: { ui: 'idle' } })).toBe(true);
  });

  it('read-only: popovers open but nothing can be changed', async () => {
    const { actor } = start({}, { readonly: true });
    await ready(actor);
    actor.send({ type: 'node.edit', nodeId: 'a' });
    expect(actor.getSnapshot().matches({ ready: { ui: 'idle' } })).toBe(true);
    actor.send({ type: 'node.open', nodeId: 'a', anchor });
    actor.send({ type: 'node.delete' });
    expect(actor.getSnapshot().matches({ ready: { ui: { nodePopover: 'viewing' } } })).toBe(true);
    actor.send({ type: 'edge.open', relationId: 'r1', anchor });
    actor.send({ type: 'relation.type.edit' });
    actor.send({ type: 'relation.delete' });
    expect(actor.getSnapshot().matches({ ready: { ui: { edgePopover: 'viewing' } } })).toBe(true);
    actor.send({ type: 'node.open', nodeId: 'missing', anchor });
    expect(actor.getSnapshot().context.popover?.id).toBe('r1');
  });

  it('a reload (Refresh, tab visible again) is one more load and keeps the open popover', async () => {
    const load = vi.fn(async () => graph);
    const machine = graphExplorerMachine.provide({ actors: { load: fromPromise(async () => ({ graph: await load(), proposals: [] as GraphExplorerContext['proposals'], nodeTypes: [] as string[], relationTypes: [] as string[] })) } });
    const actor = createActor(machine, { input: { ports: {} as GraphExplorerPorts } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'edge.open', relationId: 'r1', anchor });
    actor.send({ type: 'graph.reload' });
    expect(actor.getSnapshot().matches({ ready: { data: 'reloading' } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { data: 'idle' } }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.loadCount).toBe(2);
    expect(actor.getSnapshot().context.popover?.id).toBe('r1');
  });
  it('two explorers share no state: each numbers its own toasts and keeps its own filters', async () => {
    const one = start();
    const two = start();
    await Promise.all([ready(one.actor), ready(two.actor)]);
    const deleteNode = async (actor: typeof one.actor, nodeId: string) => {
      actor.send({ type: 'node.open', nodeId, anchor });
      actor.send({ type: 'node.delete' });
      actor.send({ type: 'confirm.ok' });
      await waitFor(actor, (s) => s.matches({ ready: { ui: 'idle' } }));
    };
    await deleteNode(one.actor, 'a');
    await deleteNode(one.actor, 'b');
    await deleteNode(two.actor, 'a');
    expect(one.ctx().toast?.id).toBe(2);
    // A counter outside the machine would have made this 3.
    expect(two.ctx().toast?.id).toBe(1);
    one.actor.send({ type: 'filter.nodeType', name: 'Drug' });
    expect(two.ctx().filters.nodeTypes).toEqual([]);
    expect(two.ctx().graph?.nodes.map((n) => n.id)).toEqual(['b', 'c']);
  });
});
