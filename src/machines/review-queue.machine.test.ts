import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../api/client';
import type { ProposedChange } from '../contract/knowledge/review';
import { reviewQueueMachine, type ReviewCalls, type ReviewQueueEmitted } from './review-queue.machine';

const outdated = new ApiError(409, 'proposal_outdated', 'A record in this proposal has changed since it was proposed: bring the proposal up to date first');
const noReason = new ApiError(400, 'validation_error', 'Say why the proposal is rejected');

function start(refuse: Record<string, ApiError> = {}) {
  const log: string[] = [];
  const calls: ReviewCalls = {
    approve: async (id, changes) => {
      log.push(`approve ${id}${changes ? ' with edits' : ''}`);
      if (refuse[id]) throw refuse[id];
    },
    reject: async (id, reason) => {
      log.push(`reject ${id}: ${reason}`);
      if (!reason.trim()) throw noReason;
      if (refuse[id]) throw refuse[id];
    },
  };
  const actor = createActor(reviewQueueMachine, { input: { calls, fallback: 'Failed to decide the proposal' } }).start();
  const decided: ReviewQueueEmitted[] = [];
  actor.on('decided', (e) => decided.push(e));
  return { actor, log, decided, state: () => actor.getSnapshot() };
}

describe('review queue machine', () => {
  it('selects and unselects proposals; a new page keeps only the selections still on it', () => {
    const { actor, state } = start();
    actor.send({ type: 'select.toggle', id: 'a' });
    actor.send({ type: 'select.toggle', id: 'b' });
    actor.send({ type: 'select.toggle', id: 'a' });
    expect(state().context.selected).toEqual(['b']);
    actor.send({ type: 'select.set', ids: ['a', 'b', 'c'] });
    actor.send({ type: 'page.shown', ids: ['b', 'c', 'd'] });
    expect(state().context.selected).toEqual(['b', 'c']);
    actor.send({ type: 'select.clear' });
    expect(state().context.selected).toEqual([]);
  });

  it('approves many: the outdated one keeps its server message and stays selected, the others go through', async () => {
    const { actor, log, decided, state } = start({ b: outdated });
    actor.send({ type: 'select.set', ids: ['a', 'b', 'c'] });
    actor.send({ type: 'approve', ids: ['a', 'b', 'c'] });
    expect(state().context.busy).toEqual(['a', 'b', 'c']);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(log).toEqual(['approve a', 'approve b', 'approve c']);
    expect(state().context.selected).toEqual(['b']);
    expect(state().context.errors).toEqual({ b: outdated.message });
    expect(decided).toEqual([{ type: 'decided', action: 'approve', done: ['a', 'c'], failed: { b: outdated.message } }]);
    actor.send({ type: 'error.dismiss', id: 'b' });
    expect(state().context.errors).toEqual({});
  });

  it('approves one brought up to date with the edited changes', async () => {
    const { actor, log } = start();
    const changes: ProposedChange[] = [{ kind: 'node', action: 'update', targetId: '00000000-0000-4000-8000-000000000001', baseVersion: 3, after: { name: 'Asthma', nodeType: 'Disease' } } as ProposedChange];
    actor.send({ type: 'approve', ids: ['a'], changes });
    await waitFor(actor, (s) => s.matches('idle') && s.context.busy.length === 0);
    expect(log).toEqual(['approve a with edits']);
  });

  it('rejects with one reason; an empty reason is refused by the server and the dialog stays with its message', async () => {
    const { actor, log, decided, state } = start();
    actor.send({ type: 'reject.open', ids: ['a', 'b'] });
    expect(state().matches('rejectOpen')).toBe(true);
    actor.send({ type: 'reject.confirm' });
    await waitFor(actor, (s) => s.matches('rejectOpen') && s.context.reasonError !== null);
    expect(state().context.reasonError).toBe('Say why the proposal is rejected');
    expect(log).toEqual(['reject a: ']);
    expect(decided).toEqual([]);

    actor.send({ type: 'reject.reason', value: 'Duplicate of an existing node' });
    expect(state().context.reasonError).toBeNull();
    actor.send({ type: 'reject.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(log.slice(1)).toEqual(['reject a: Duplicate of an existing node', 'reject b: Duplicate of an existing node']);
    expect(decided).toEqual([{ type: 'decided', action: 'reject', done: ['a', 'b'], failed: {} }]);
    expect(state().context.rejecting).toEqual([]);
  });

  it('cancelling the dialog decides nothing; approving nothing does nothing', () => {
    const { actor, log, state } = start();
    actor.send({ type: 'reject.open', ids: ['a'] });
    actor.send({ type: 'reject.reason', value: 'x' });
    actor.send({ type: 'reject.cancel' });
    expect(state().matches('idle')).toBe(true);
    expect(state().context.reason).toBe('');
    actor.send({ type: 'approve', ids: [] });
    expect(state().matches('idle')).toBe(true);
    expect(log).toEqual([]);
  });
});
