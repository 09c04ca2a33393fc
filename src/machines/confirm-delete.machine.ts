import { assign, emit, fromPromise, setup } from 'xstate';
import { failureText } from './error-text';

/**
 * Delete dialogs (spec §4 "Delete dialogs: open, confirm, closed"): closed → open → deleting →
 * closed. When a confirm word is set (DELETE for users and types) the confirm button stays
 * disabled until it is typed exactly. A failure returns to `open` with the error; success
 * emits `delete.done` with the deleted target. While deleting the dialog cannot be dismissed.
 */
export interface DeleteTarget {
  id: string;
  name: string;
  /** How many records the deletion affects (e.g. users holding a role); shown by the dialog. */
  affected?: number;
}

export interface ConfirmDeleteInput {
  /** The deletion call. */
  remove: (id: string) => Promise<unknown>;
  /** Word to type before the confirm button works ('' or absent: no typing needed). */
  word?: string;
  /** Shown when the failure carries no server message. */
  fallback: string;
}

export interface ConfirmDeleteContext extends ConfirmDeleteInput {
  target: DeleteTarget | null;
  typed: string;
  error: string | null;
}

export type ConfirmDeleteEvent =
  | { type: 'delete.open'; target: DeleteTarget }
  | { type: 'delete.type'; value: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type ConfirmDeleteEmitted = { type: 'delete.done'; target: DeleteTarget };

/** Whether the typed text unlocks the confirm button. */
export const wordMatches = (word: string | undefined, typed: string) => !word || typed === word;

export const confirmDeleteMachine = setup({
  types: {
    context: {} as ConfirmDeleteContext,
    events: {} as ConfirmDeleteEvent,
    input: {} as ConfirmDeleteInput,
    emitted: {} as ConfirmDeleteEmitted,
  },
  actors: {
    remove: fromPromise<void, { remove: ConfirmDeleteInput['remove']; id: string }>(async ({ input }) => {
      await input.remove(input.id);
    }),
  },
  guards: {
    confirmed: ({ context }) => wordMatches(context.word, context.typed),
  },
}).createMachine({
  id: 'confirmDelete',
  context: ({ input }) => ({ ...input, target: null, typed: '', error: null }),
  initial: 'closed',
  states: {
    closed: {
      entry: assign({ target: null, typed: '', error: null }),
      on: {
        'delete.open': { target: 'open', actions: assign({ target: ({ event }) => event.target }) },
      },
    },
    open: {
      on: {
        'delete.type': { actions: assign({ typed: ({ event }) => event.value, error: null }) },
        'delete.confirm': { guard: 'confirmed', target: 'deleting' },
        'delete.cancel': 'closed',
      },
    },
    deleting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ remove: context.remove, id: context.target!.id }),
        onDone: {
          target: 'closed',
          actions: emit(({ context }) => ({ type: 'delete.done' as const, target: context.target! })),
        },
        onError: { target: 'open', actions: assign({ error: ({ context, event }) => failureText(event.error, context.fallback) }) },
      },
    },
  },
});
