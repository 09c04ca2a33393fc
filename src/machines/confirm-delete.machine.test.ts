import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, EditConflictError, ProposalSentError } from '../api/client';
import { confirmDeleteMachine, wordMatches, type ConfirmDeleteEmitted, type ConfirmDeleteInput } from './confirm-delete.machine';

const target = { id: 'u7', name: 'bob' };
const notCalled: ConfirmDeleteInput['remove'] = () => Promise.reject(new Error('the real call is replaced in tests'));

function start(fake: (id: string) => Promise<void>, word: string | undefined = 'DELETE') {
  const calls: string[] = [];
  const done: ConfirmDeleteEmitted[] = [];
  const machine = confirmDeleteMachine.provide({
    actors: {
      remove: fromPromise<void, { remove: ConfirmDeleteInput['remove']; id: string }>(async ({ input }) => {
        calls.push(input.id);
        await fake(input.id);
      }),
    },
  });
  const actor = createActor(machine, { input: { remove: notCalled, word, fallback: 'Failed to delete user. Please try again.' } }).start();
  actor.on('delete.done', (e) => done.push(e));
  actor.on('delete.proposed', (e) => done.push(e));
  return { actor, calls, done, state: () => actor.getSnapshot() };
}

describe('confirm-delete machine', () => {
  it('a delete that review mode kept as a proposal closes the dialog and reports the proposal, not a deletion', async () => {
    const { actor, done, state } = start(() => Promise.reject(new ProposalSentError({ id: 'p2', state: 'submitted' })), '');
    actor.send({ type: 'delete.open', target });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(state().context.error).toBeNull();
    expect(done).toEqual([{ type: 'delete.proposed', target, proposal: { id: 'p2', state: 'submitted' } }]);
  });

  it('needs the word typed exactly before it deletes, then closes and reports the target', async () => {
    const { actor, calls, done, state } = start(async () => undefined);
    expect(state().matches('closed')).toBe(true);
    actor.send({ type: 'delete.open', target });
    expect(state().matches('open')).toBe(true);
    expect(state().context.target).toEqual(target);

    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.type', value: 'delete' });
    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.type', value: 'DELETE ' });
    actor.send({ type: 'delete.confirm' });
    expect(state().matches('open')).toBe(true);
    expect(calls).toEqual([]);

    actor.send({ type: 'delete.type', value: 'DELETE' });
    actor.send({ type: 'delete.confirm' });
    expect(state().matches('deleting')).toBe(true);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls).toEqual(['u7']);
    expect(done).toEqual([{ type: 'delete.done', target }]);
    expect(state().context).toMatchObject({ target: null, typed: '', error: null });
  });

  it('cannot be dismissed while deleting', async () => {
    let finish!: () => void;
    const { actor, state } = start(() => new Promise<void>((r) => (finish = r)));
    actor.send({ type: 'delete.open', target });
    actor.send({ type: 'delete.type', value: 'DELETE' });
    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.cancel' });
    expect(state().matches('deleting')).toBe(true);
    finish();
    await waitFor(actor, (s) => s.matches('closed'));
  });

  it("stays open with the server's message, or the fallback when the server said nothing", async () => {
    let failure: unknown = new ApiError(403, 'admin_user', 'Cannot delete admin user');
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the test's failure may be any value the API rejects with
    const { actor, state, done } = start(async () => Promise.reject(failure));
    actor.send({ type: 'delete.open', target });
    actor.send({ type: 'delete.type', value: 'DELETE' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(state().matches('open')).toBe(true);
    expect(state().context.error).toBe('Cannot delete admin user');

    failure = new ApiError(0, 'network_error', 'Cannot reach the server');
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('open') && s.context.error !== 'Cannot delete admin user' && s.context.error !== null);
    expect(state().context.error).toBe('Failed to delete user. Please try again.');

    // Typing again clears the error; cancel closes and forgets everything.
    actor.send({ type: 'delete.type', value: 'DELETE' });
    expect(state().context.error).toBeNull();
    actor.send({ type: 'delete.cancel' });
    expect(state().matches('closed')).toBe(true);
    expect(state().context.target).toBeNull();
    expect(done).toEqual([]);
  });

  it('without a word, confirm deletes straight away (role deletion)', async () => {
    const { actor, calls } = start(async () => undefined, '');
    actor.send({ type: 'delete.open', target: { id: 'r1', name: 'auditor', affected: 3 } });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls).toEqual(['r1']);
  });

  it('wordMatches is exact and case-sensitive', () => {
    expect(wordMatches('DELETE', 'DELETE')).toBe(true);
    expect(wordMatches('DELETE', 'Delete')).toBe(false);
    expect(wordMatches(undefined, '')).toBe(true);
    expect(wordMatches('', 'x')).toBe(true);
  });

  it('with closeOnFailure a failure closes the dialog and is reported, in the fixed text when one is given', async () => {
    const failed: ConfirmDeleteEmitted[] = [];
    const cause = new ApiError(500, 'internal', 'Database unavailable');
    const machine = confirmDeleteMachine.provide({
      actors: { remove: fromPromise<void, { remove: ConfirmDeleteInput['remove']; id: string }>(() => Promise.reject(cause)) },
    });
    const actor = createActor(machine, {
      input: { remove: notCalled, fallback: 'Failed to delete attachment', errorText: () => 'Failed to delete attachment', closeOnFailure: true },
    }).start();
    actor.on('delete.failed', (e) => failed.push(e));
    actor.send({ type: 'delete.open', target: { id: 'a1', name: 'scan.pdf' } });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(actor.getSnapshot().context).toMatchObject({ target: null, error: null });
    expect(failed).toEqual([{ type: 'delete.failed', target: { id: 'a1', name: 'scan.pdf' }, error: 'Failed to delete attachment', cause }]);
  });

  it("with a fixed failure text (the relation form) it stays open with that text, whatever the server said, and deletes on a retry", async () => {
    let fail = true;
    const calls: string[] = [];
    const done: ConfirmDeleteEmitted[] = [];
    const machine = confirmDeleteMachine.provide({
      actors: {
        remove: fromPromise<void, { remove: ConfirmDeleteInput['remove']; id: string }>(async ({ input }) => {
          calls.push(input.id);
          if (fail) throw new ApiError(500, 'internal', 'Database unavailable');
        }),
      },
    });
    const actor = createActor(machine, { input: { remove: notCalled, fallback: 'Failed to delete relation', errorText: () => 'Failed to delete relation' } }).start();
    actor.on('delete.done', (e) => done.push(e));
  actor.on('delete.proposed', (e) => done.push(e));
    actor.send({ type: 'delete.open', target: { id: 'r5', name: 'treats' } });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Failed to delete relation', target: { id: 'r5', name: 'treats' } });

    fail = false;
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls).toEqual(['r5', 'r5']);
    expect(done).toEqual([{ type: 'delete.done', target: { id: 'r5', name: 'treats' } }]);
  });

  it('deletes at the version the user saw; a change since re-opens the question with it, and a yes deletes the new version', async () => {
    const seen = { id: 'n1', name: 'Asthma', description: 'old', version: 4 };
    const current = { ...seen, description: 'new', version: 5 };
    const sent: [string, number | undefined][] = [];
    const remove = async (id: string, version?: number) => {
      sent.push([id, version]);
      if (version === 4) throw new EditConflictError('stale', current, { id: 'u2', username: 'ada' }, '2026-01-01T10:00:00.000Z');
    };
    const done: ConfirmDeleteEmitted[] = [];
    const actor = createActor(confirmDeleteMachine, { input: { remove, fallback: 'Failed' } }).start();
    actor.on('delete.done', (e) => done.push(e));
  actor.on('delete.proposed', (e) => done.push(e));
    actor.send({ type: 'delete.open', target: { id: 'n1', name: 'Asthma', version: 4, seen } });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('open') && s.context.changed !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, changed: { current, changedBy: { username: 'ada' } }, target: { version: 5, seen } });
    expect(done).toEqual([]);
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(sent).toEqual([
      ['n1', 4],
      ['n1', 5],
    ]);
    expect(done).toHaveLength(1);
    expect(actor.getSnapshot().context.changed).toBeNull();
  });

  it('a target without a version deletes unconditionally, and a 412 there is an ordinary failure', async () => {
    const sent: unknown[][] = [];
    const remove = async (...args: unknown[]) => {
      sent.push(args);
      throw new EditConflictError('stale', {}, null, null);
    };
    const actor = createActor(confirmDeleteMachine, { input: { remove, fallback: 'Failed' } }).start();
    actor.send({ type: 'delete.open', target: { id: 'r1', name: 'x' } });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('open') && s.context.error !== null);
    expect(sent).toEqual([['r1']]);
    expect(actor.getSnapshot().context.changed).toBeNull();
  });
});
