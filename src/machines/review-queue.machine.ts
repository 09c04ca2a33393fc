import { assign, emit, fromPromise, setup } from 'xstate';
import { ApiError } from '../api/client';
import type { ProposedChange } from '../contract/knowledge/review';
import { failureText } from './error-text';

/**
 * The review queue's decisions (kg-review-queue): a selection of proposals, approving one or many
 * (one as proposed, or one brought up to date: approve with edits), and rejecting one or many with
 * one reason asked in a dialog. idle → approving | rejectOpen → rejecting → idle.
 *
 * Each proposal is decided on its own: one that fails (409 proposal_outdated, decided by someone
 * else meanwhile) keeps its server message in `errors` and stays selected, the others go through.
 * A reason the server refuses (400: empty) is the same for every proposal, so the first refusal
 * ends the run and the dialog shows the server's message. Every run emits `decided` so the screen
 * reloads the page and says how it went.
 */
export interface ReviewCalls {
  approve: (id: string, changes?: ProposedChange[]) => Promise<unknown>;
  reject: (id: string, reason: string) => Promise<unknown>;
}

export interface ReviewQueueInput {
  calls: ReviewCalls;
  /** Shown when a failure carries no server message. */
  fallback: string;
}

export interface ReviewQueueContext extends ReviewQueueInput {
  selected: string[];
  /** The server's message per proposal whose decision failed. */
  errors: Record<string, string>;
  /** The proposals being decided now (their buttons show it). */
  busy: string[];
  /** The reject dialog's proposals, reason and the server's refusal of it. */
  rejecting: string[];
  reason: string;
  reasonError: string | null;
  /** Approve with edits: the changes for one proposal brought up to date. */
  edits: ProposedChange[] | null;
}

export type ReviewQueueEvent =
  | { type: 'select.toggle'; id: string }
  | { type: 'select.set'; ids: string[] }
  | { type: 'select.clear' }
  | { type: 'approve'; ids: string[]; changes?: ProposedChange[] }
  | { type: 'reject.open'; ids: string[] }
  | { type: 'reject.reason'; value: string }
  | { type: 'reject.confirm' }
  | { type: 'reject.cancel' }
  | { type: 'error.dismiss'; id: string }
  /** The page on screen changed: forget selections and errors of proposals no longer on it. */
  | { type: 'page.shown'; ids: string[] };

export interface DecisionResult {
  action: 'approve' | 'reject';
  done: string[];
  failed: Record<string, string>;
  /** The reason was refused (400): nothing was decided. */
  reasonError?: string;
}
export type ReviewQueueEmitted = { type: 'decided' } & DecisionResult;

interface DecideInput {
  calls: ReviewCalls;
  fallback: string;
  action: 'approve' | 'reject';
  ids: string[];
  reason: string;
  edits: ProposedChange[] | null;
}

/** Decides the proposals one after the other (the server locks each; order keeps the audit readable). */
export async function decide({ calls, fallback, action, ids, reason, edits }: DecideInput): Promise<DecisionResult> {
  const result: DecisionResult = { action, done: [], failed: {} };
  for (const id of ids) {
    try {
      await (action === 'approve' ? calls.approve(id, edits ?? undefined) : calls.reject(id, reason));
      result.done.push(id);
    } catch (err) {
      if (action === 'reject' && err instanceof ApiError && err.status === 400) return { ...result, reasonError: failureText(err, fallback) };
      result.failed[id] = failureText(err, fallback);
    }
  }
  return result;
}

const without = (list: readonly string[], drop: readonly string[]) => list.filter((id) => !drop.includes(id));
const errorsAfter = (errors: Record<string, string>, r: DecisionResult) => {
  const next = Object.fromEntries(Object.entries(errors).filter(([id]) => !r.done.includes(id)));
  return { ...next, ...r.failed };
};

export const reviewQueueMachine = setup({
  types: {
    context: {} as ReviewQueueContext,
    events: {} as ReviewQueueEvent,
    input: {} as ReviewQueueInput,
    emitted: {} as ReviewQueueEmitted,
  },
  actors: { decide: fromPromise<DecisionResult, DecideInput>(({ input }) => decide(input)) },
  actions: {
    settle: assign(({ context }, r: DecisionResult) => ({
      busy: [],
      selected: without(context.selected, r.done),
      errors: errorsAfter(context.errors, r),
      edits: null,
    })),
    report: emit((_, r: DecisionResult) => ({ type: 'decided' as const, ...r })),
  },
}).createMachine({
  id: 'reviewQueue',
  context: ({ input }) => ({ ...input, selected: [], errors: {}, busy: [], rejecting: [], reason: '', reasonError: null, edits: null }),
  initial: 'idle',
  on: {
    'select.toggle': {
      actions: assign({ selected: ({ context, event }) => (context.selected.includes(event.id) ? without(context.selected, [event.id]) : [...context.selected, event.id]) }),
    },
    'select.set': { actions: assign({ selected: ({ event }) => [...new Set(event.ids)] }) },
    'select.clear': { actions: assign({ selected: [] }) },
    'error.dismiss': { actions: assign({ errors: ({ context, event }) => Object.fromEntries(Object.entries(context.errors).filter(([id]) => id !== event.id)) }) },
    'page.shown': {
      actions: assign({
        selected: ({ context, event }) => context.selected.filter((id) => event.ids.includes(id)),
        errors: ({ context, event }) => Object.fromEntries(Object.entries(context.errors).filter(([id]) => event.ids.includes(id))),
      }),
    },
  },
  states: {
    idle: {
      on: {
        approve: {
          guard: ({ event }) => event.ids.length > 0,
          target: 'approving',
          actions: assign({ busy: ({ event }) => event.ids, edits: ({ event }) => (event.changes && event.ids.length === 1 ? event.changes : null) }),
        },
        'reject.open': {
          guard: ({ event }) => event.ids.length > 0,
          target: 'rejectOpen',
          actions: assign({ rejecting: ({ event }) => event.ids, reason: '', reasonError: null }),
        },
      },
    },
    approving: {
      invoke: {
        src: 'decide',
        input: ({ context }) => ({ calls: context.calls, fallback: context.fallback, action: 'approve' as const, ids: context.busy, reason: '', edits: context.edits }),
        onDone: { target: 'idle', actions: [{ type: 'settle', params: ({ event }) => event.output }, { type: 'report', params: ({ event }) => event.output }] },
        onError: { target: 'idle', actions: assign({ busy: [], edits: null }) },
      },
    },
    rejectOpen: {
      on: {
        'reject.reason': { actions: assign({ reason: ({ event }) => event.value, reasonError: null }) },
        'reject.confirm': { target: 'rejecting', actions: assign({ busy: ({ context }) => context.rejecting, reasonError: null }) },
        'reject.cancel': { target: 'idle', actions: assign({ rejecting: [], reason: '', reasonError: null }) },
      },
    },
    rejecting: {
      invoke: {
        src: 'decide',
        input: ({ context }) => ({ calls: context.calls, fallback: context.fallback, action: 'reject' as const, ids: context.rejecting, reason: context.reason, edits: null }),
        onDone: [
          // The reason was refused before anything was decided: the dialog stays with the server's message.
          {
            guard: ({ event }) => event.output.reasonError !== undefined && event.output.done.length === 0,
            target: 'rejectOpen',
            actions: assign({ busy: [], reasonError: ({ event }) => event.output.reasonError ?? null }),
          },
          {
            target: 'idle',
            actions: [
              { type: 'settle', params: ({ event }) => event.output },
              assign({ rejecting: [], reason: '' }),
              { type: 'report', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: { target: 'rejectOpen', actions: assign({ busy: [] }) },
      },
    },
  },
});
