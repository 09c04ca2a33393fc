import { assign, emit, fromPromise, setup } from 'xstate';
import { isEditConflict, isProposalSent } from '../api/client';
import type { ProposalRef } from '../contract/knowledge/review';
import { failureText } from './error-text';

/**
 * Delete dialogs (spec §4 "Delete dialogs: open, confirm, closed"): closed → open → deleting →
 * closed. When a confirm word is set (DELETE for users and types) the confirm button stays
 * disabled until it is typed exactly. A failure returns to `open` with the error; success
 * emits `delete.done` with the deleted target. While deleting the dialog cannot be dismissed.
 * A delete that review mode kept as a proposal (202) closes the dialog and emits `delete.proposed`.
 * Every failure emits `delete.failed` (screens that report it as a toast); with `closeOnFailure`
 * the dialog closes instead of offering another try (the dashboard's and the node form's
 * attachment dialogs, spec §8: the toast says it failed and the dialog is gone).
 *
 * A target that carries the version the user saw is deleted only at that version (If-Match). When
 * someone changed it meanwhile (412 edit_conflict) the dialog opens again with `changed` (the record
 * as it now is, who changed it, when) and asks again; confirming then deletes at the new version.
 */
export interface DeleteTarget {
  id: string;
  name: string;
  /** How many records the deletion affects (e.g. users holding a role); shown by the dialog. */
  affected?: number;
  /** The version the user saw (sent as If-Match): a change since makes the dialog ask again. */
  version?: number;
  /** The record as the user saw it, for the comparison shown when it changed since. */
  seen?: unknown;
}

/** A delete refused because the record changed since the user saw it (412 edit_conflict). */
export interface ChangedSince {
  current: unknown;
  changedBy: { id: string; username: string } | null;
  changedAt: string | null;
}

export interface ConfirmDeleteInput {
  /** The deletion call; `version`: the target's, when it carries one (412 when stale). */
  remove: (id: string, version?: number) => Promise<unknown>;
  /** Word to type before the confirm button works ('' or absent: no typing needed). */
  word?: string;
  /** Shown when the failure carries no server message. */
  fallback: string;
  /** A screen whose spec fixes its failure text whatever the server said: replaces the server-message-else-fallback rule. */
  errorText?: (error: unknown) => string;
  /** A failure closes the dialog (the screen reports it from `delete.failed`) instead of returning to `open`. */
  closeOnFailure?: boolean;
}

export interface ConfirmDeleteContext extends ConfirmDeleteInput {
  target: DeleteTarget | null;
  typed: string;
  error: string | null;
  /** Set when a delete met a change made since the user saw the record: the dialog asks again. */
  changed: ChangedSince | null;
}

export type ConfirmDeleteEvent =
  | { type: 'delete.open'; target: DeleteTarget }
  | { type: 'delete.type'; value: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type ConfirmDeleteEmitted =
  | { type: 'delete.done'; target: DeleteTarget }
  /** Review mode kept the delete as a proposal (202): the dialog closes, the record is still there. */
  | { type: 'delete.proposed'; target: DeleteTarget; proposal: ProposalRef['proposal'] }
  | { type: 'delete.failed'; target: DeleteTarget; error: string; cause: unknown };

/** Whether the typed text unlocks the confirm button. */
export const wordMatches = (word: string | undefined, typed: string) => !word || typed === word;

const textOf = (context: ConfirmDeleteContext, error: unknown) => (context.errorText ? context.errorText(error) : failureText(error, context.fallback));

export const confirmDeleteMachine = setup({
  types: {
    context: {} as ConfirmDeleteContext,
    events: {} as ConfirmDeleteEvent,
    input: {} as ConfirmDeleteInput,
    emitted: {} as ConfirmDeleteEmitted,
  },
  actors: {
    remove: fromPromise<void, { remove: ConfirmDeleteInput['remove']; id: string; version?: number }>(async ({ input }) => {
      await (input.version === undefined ? input.remove(input.id) : input.remove(input.id, input.version));
    }),
  },
  guards: {
    confirmed: ({ context }) => wordMatches(context.word, context.typed),
    closesOnFailure: ({ context }) => !!context.closeOnFailure,
    proposed: ({ event }) => isProposalSent((event as { error?: unknown }).error),
    changedSince: ({ context, event }) => context.target?.version !== undefined && isEditConflict((event as { error?: unknown }).error),
  },
  actions: {
    reportFailure: emit(({ context, event }) => {
      const cause = (event as { error?: unknown }).error;
      return { type: 'delete.failed' as const, target: context.target!, error: textOf(context, cause), cause };
    }),
  },
}).createMachine({
  id: 'confirmDelete',
  context: ({ input }) => ({ ...input, target: null, typed: '', error: null, changed: null }),
  initial: 'closed',
  states: {
    closed: {
      entry: assign({ target: null, typed: '', error: null, changed: null }),
      on: {
        'delete.open': { target: 'open', actions: assign({ target: ({ event }) => event.target, changed: null }) },
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
        input: ({ context }) => ({ remove: context.remove, id: context.target!.id, version: context.target!.version }),
        onDone: {
          target: 'closed',
          actions: emit(({ context }) => ({ type: 'delete.done' as const, target: context.target! })),
        },
        onError: [
          // Changed since the user saw it: ask again, showing the change; a yes deletes the new version.
          {
            guard: 'changedSince',
            target: 'open',
            actions: assign(({ context, event }) => {
              if (!isEditConflict<{ version?: number }>(event.error)) return {};
              const { current, changedBy, changedAt } = event.error;
              return { changed: { current, changedBy, changedAt }, typed: '', target: { ...context.target!, version: current?.version ?? context.target!.version } };
            }),
          },
          {
            guard: 'proposed',
            target: 'closed',
            actions: emit(({ context, event }) => ({
              type: 'delete.proposed' as const,
              target: context.target!,
              proposal: isProposalSent(event.error) ? event.error.proposal : { id: '', state: 'submitted' as const },
            })),
          },
          { guard: 'closesOnFailure', target: 'closed', actions: 'reportFailure' },
          { target: 'open', actions: ['reportFailure', assign({ error: ({ context, event }) => textOf(context, event.error) })] },
        ],
      },
    },
  },
});
