import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, ProposalSentError } from '../api/client';
import { formDialogMachine, isDirty, type FieldErrors, type FormDialogEmitted } from './form-dialog.machine';

interface TypeValues {
  name: string;
  color: string | null;
}

const initial: TypeValues = { name: 'Disease', color: '#1f78b4' };
const notCalled = () => Promise.reject(new Error('the real call is replaced in tests'));
const tooLong = (v: TypeValues): FieldErrors<TypeValues> | null => (v.name.length > 10 ? { name: 'Name is too long.' } : null);
const takenName = (err: unknown): FieldErrors<TypeValues> | null => (err instanceof ApiError && err.code === 'name_taken' ? { name: err.message } : null);

function start(fake: (values: TypeValues) => Promise<void>) {
  const calls: TypeValues[] = [];
  const emitted: FormDialogEmitted<TypeValues>[] = [];
  const machine = formDialogMachine<TypeValues>().provide({
    actors: {
      submit: fromPromise<unknown, { submit: (values: object) => Promise<unknown>; values: object }>(async ({ input }) => {
        calls.push(input.values as TypeValues);
        await fake(input.values as TypeValues);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { initial, submit: notCalled, validate: tooLong, serverFieldErrors: takenName, fallback: 'Failed to save node type.' },
  }).start();
  actor.on('form.saved', (e) => emitted.push(e));
  actor.on('form.cancelled', (e) => emitted.push(e));
  actor.on('form.invalid', (e) => emitted.push(e));
  actor.on('form.proposed', (e) => emitted.push(e));
  return { actor, calls, emitted, state: () => actor.getSnapshot() };
}

describe('form-dialog machine', () => {
  it('a save that review mode kept as a proposal stays in editing with the values and the proposal, no error', async () => {
    const { actor, emitted, state } = start(() => Promise.reject(new ProposalSentError({ id: 'p1', state: 'submitted' })));
    actor.send({ type: 'form.change', values: { name: 'Syndrome' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.proposal !== null);
    expect(state().context).toMatchObject({ values: { name: 'Syndrome' }, error: null, proposal: { id: 'p1', state: 'submitted' } });
    expect(emitted).toEqual([{ type: 'form.proposed', proposal: { id: 'p1', state: 'submitted' } }]);
  });

  it('saves the edited values and finishes, reporting them', async () => {
    const { actor, calls, emitted, state } = start(async () => undefined);
    expect(state().matches('editing')).toBe(true);
    expect(isDirty(state().context)).toBe(false);
    actor.send({ type: 'form.change', values: { name: 'Disorder' } });
    expect(isDirty(state().context)).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(state().matches('submitting')).toBe(true);
    // Nothing closes the dialog while it saves.
    actor.send({ type: 'form.cancel' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(state().value).toBe('saved');
    expect(calls).toEqual([{ name: 'Disorder', color: '#1f78b4' }]);
    expect(emitted).toEqual([{ type: 'form.saved', values: { name: 'Disorder', color: '#1f78b4' } }]);
  });

  it("stays open with the server's message, or the fallback when the server said nothing; editing clears it", async () => {
    let failure: unknown = new ApiError(500, 'internal', 'Database unavailable');
    const { actor, state, emitted } = start(() => Promise.reject(failure instanceof Error ? failure : new Error('no message')));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(state().context.error).toBe('Database unavailable');
    actor.send({ type: 'form.change', values: { color: '#33a02c' } });
    expect(state().context.error).toBeNull();

    failure = new ApiError(0, 'network', '');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(state().context.error).toBe('Failed to save node type.');
    expect(emitted).toEqual([]);
  });

  it("shows the server's field errors at the fields, not as a second message", async () => {
    const { actor, state } = start(() => Promise.reject(new ApiError(409, 'name_taken', 'A node type with this name already exists.')));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(state().context.fieldErrors).toEqual({ name: 'A node type with this name already exists.' });
    expect(state().context.error).toBeNull();
    actor.send({ type: 'form.change', values: { name: 'Finding' } });
    expect(state().context.fieldErrors).toEqual({});
  });

  it('keeps invalid values from the server: field errors and no call', () => {
    const { actor, calls, emitted, state } = start(async () => undefined);
    actor.send({ type: 'form.change', values: { name: 'A name far too long' } });
    actor.send({ type: 'form.submit' });
    expect(state().matches('editing')).toBe(true);
    expect(state().context.fieldErrors).toEqual({ name: 'Name is too long.' });
    expect(calls).toEqual([]);
    expect(emitted).toEqual([{ type: 'form.invalid', fieldErrors: { name: 'Name is too long.' } }]);
  });

  it('cancels from editing without a call', () => {
    const { actor, calls, emitted, state } = start(async () => undefined);
    actor.send({ type: 'form.change', values: { name: 'Draft' } });
    actor.send({ type: 'form.cancel' });
    expect(state().status).toBe('done');
    expect(state().value).toBe('cancelled');
    expect(calls).toEqual([]);
    expect(emitted).toEqual([{ type: 'form.cancelled' }]);
  });

  it("reports what the save resolved with, a failure's text through `errorText`, and keeps that message while editing when asked", async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(new ApiError(400, 'validation', 'Invalid', ['Name is taken']));
    const emitted: FormDialogEmitted<TypeValues, { id: string }>[] = [];
    const machine = formDialogMachine<TypeValues, { id: string }>().provide({
      actors: { submit: fromPromise<unknown, { submit: (values: object) => Promise<unknown>; values: object }>(() => answer()) },
    });
    const actor = createActor(machine, {
      input: {
        initial,
        submit: () => Promise.reject(new Error('replaced')),
        fallback: 'Failed to save node type.',
        errorText: (err) => (err instanceof ApiError && err.details?.[0]) || 'Failed to update node. Please try again.',
        keepErrorOnChange: true,
      },
    }).start();
    for (const type of ['form.saved', 'form.failed'] as const) actor.on(type, (e) => emitted.push(e));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBe('Name is taken');
    actor.send({ type: 'form.change', values: { name: 'Disorder' } });
    expect(actor.getSnapshot().context.error).toBe('Name is taken');

    answer = async () => ({ id: 'n9' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(emitted).toEqual([
      { type: 'form.failed', error: 'Name is taken' },
      { type: 'form.saved', values: { name: 'Disorder', color: '#1f78b4' }, result: { id: 'n9' } },
    ]);
  });
});
