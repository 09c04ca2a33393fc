import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../api/client';
import type { KnowledgeNode, KnowledgeNodeDetail, NodeSave } from '../../../contract/knowledge/nodes';
import { formDialogMachine, type FormDialogEmitted } from '../../../machines/form-dialog.machine';
import { emptyValues, nodeFormInput, valuesOf, type NodeFormValues } from './node-form-logic';

const existing = { id: 'n1', name: 'Asthma', nodeType: 'Disease', snomedCode: null, url: null, description: null, note: null, attachments: [] } as unknown as KnowledgeNodeDetail;
const savedNode = { id: 'n1', name: 'Asthma (chronic)' } as KnowledgeNode;

/** The node form's submit flow on the form-dialog machine, with the POST/PUT replaced (`answer`). */
function start(node: KnowledgeNodeDetail | null, answer: (body: NodeSave) => Promise<KnowledgeNode>) {
  const bodies: NodeSave[] = [];
  const emitted: FormDialogEmitted<NodeFormValues, KnowledgeNode>[] = [];
  const input = nodeFormInput(node ? valuesOf(node) : emptyValues('Asthma'), node, (body) => {
    bodies.push(body);
    return answer(body);
  });
  // Only the call is replaced: the input's own submit still builds the body (saveBody) from the values.
  const machine = formDialogMachine<NodeFormValues, KnowledgeNode>().provide({
    actors: { submit: fromPromise<unknown, { submit: (values: object) => Promise<unknown>; values: object }>(({ input: i }) => i.submit(i.values)) },
  });
  const actor = createActor(machine, { input }).start();
  for (const type of ['form.saved', 'form.failed', 'form.invalid', 'form.cancelled'] as const) actor.on(type, (e) => emitted.push(e));
  return { actor, bodies, emitted, s: () => actor.getSnapshot() };
}

describe('node form submit flow (form-dialog machine)', () => {
  it('create: refuses a node without a type, then saves and hands over the saved node (its uploads follow)', async () => {
    const { actor, bodies, emitted, s } = start(null, async () => ({ id: 'n2', name: 'Asthma' }) as KnowledgeNode);
    actor.send({ type: 'form.submit' });
    expect(s().context.fieldErrors).toEqual({ nodeType: 'Node type is required' });
    expect(bodies).toEqual([]);
    actor.send({ type: 'form.change', values: { nodeType: 'Disease' } });
    actor.send({ type: 'form.submit' });
    expect(s().matches('submitting')).toBe(true);
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(bodies).toEqual([{ name: 'Asthma', nodeType: 'Disease', snomedCode: '', url: '', description: '', note: '' }]);
    expect(emitted.at(-1)).toMatchObject({ type: 'form.saved', result: { id: 'n2' } });
  });

  it("edit: shows the server's first detail, keeps it and the values while editing, and can try again", async () => {
    let fail = true;
    const { actor, bodies, emitted, s } = start(existing, () =>
      fail ? Promise.reject(new ApiError(409, 'conflict', 'Conflict', ['Name already exists'])) : Promise.resolve(savedNode),
    );
    actor.send({ type: 'form.change', values: { name: 'Asthma (chronic)' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snap) => snap.matches('editing'));
    expect(s().context.error).toBe('Name already exists');
    expect(emitted).toEqual([{ type: 'form.failed', error: 'Name already exists' }]);
    actor.send({ type: 'form.change', values: { description: 'Long-term' } });
    expect(s().context.error).toBe('Name already exists');
    expect(s().context.values).toMatchObject({ name: 'Asthma (chronic)', nodeType: 'Disease', description: 'Long-term' });

    fail = false;
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(bodies.map((b) => b.description)).toEqual(['', 'Long-term']);
    expect(emitted.at(-1)).toEqual({ type: 'form.saved', values: s().context.values, result: savedNode });
  });

  it('a network failure shows the fixed text of the mode', async () => {
    const create = start(null, () => Promise.reject(new ApiError(0, 'network_error', 'Failed to fetch')));
    create.actor.send({ type: 'form.change', values: { nodeType: 'Disease' } });
    create.actor.send({ type: 'form.submit' });
    await waitFor(create.actor, (snap) => snap.matches('editing'));
    expect(create.s().context.error).toBe('Failed to create node. Please try again.');

    const edit = start(existing, () => Promise.reject(new ApiError(0, 'network_error', 'Failed to fetch')));
    edit.actor.send({ type: 'form.submit' });
    await waitFor(edit.actor, (snap) => snap.matches('editing'));
    expect(edit.s().context.error).toBe('Failed to update node. Please try again.');
  });

  it('cannot be cancelled while saving; cancels from editing', async () => {
    let finish!: () => void;
    const { actor, emitted, s } = start(existing, () => new Promise<KnowledgeNode>((resolve) => (finish = () => resolve(savedNode))));
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.cancel' });
    expect(s().matches('submitting')).toBe(true);
    finish();
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(s().value).toBe('saved');

    const other = start(existing, () => Promise.resolve(savedNode));
    other.actor.send({ type: 'form.cancel' });
    expect(other.s().value).toBe('cancelled');
    expect(emitted.map((e) => e.type)).toEqual(['form.saved']);
  });
});
