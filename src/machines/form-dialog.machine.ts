import { assign, emit, fromPromise, setup } from 'xstate';
import { isProposalSent } from '../api/client';
import type { ProposalRef } from '../contract/knowledge/review';
import { failureText } from './error-text';

/**
 * The add/edit form dialogs (users, roles, types, nodes; spec §2, §5): one machine for all of
 * them. A dialog is mounted per opening, so the machine starts in `editing`:
 *   editing → (valid) submitting → saved (final; emits `form.saved`)
 *                      submitting → editing with the server's message (and its field errors)
 * A client-side check (`validate`) keeps it in `editing` with field errors and no call. Cancel
 * leaves from `editing` (emits `form.cancelled`); while submitting nothing closes the dialog.
 * Editing a field clears that field's error and the form's message (unless `keepErrorOnChange`:
 * the user and node forms keep the message until the next submit, as they always have).
 * A save that review mode kept as a proposal (202) goes back to `editing` with `proposal` set and
 * emits `form.proposed`: the values stay, nothing was saved.
 * A rejected call emits `form.failed` (the node page scrolls to its message); `form.saved`
 * carries what the call resolved with (the node form needs the saved node's id for its uploads).
 */
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export interface FormDialogInput<V extends object, R = unknown> {
  /** The values the dialog opens with (what 'dirty' compares against). */
  initial: V;
  /** The save call; its rejection is shown as the server's message (else `fallback`). */
  submit: (values: V) => Promise<R>;
  /** Client-side checks before the call; null or {} when the values may be sent. */
  validate?: (values: V) => FieldErrors<V> | null;
  /** Field errors the server's rejection carries (e.g. a taken e-mail), shown at the fields. */
  serverFieldErrors?: (error: unknown) => FieldErrors<V> | null;
  /** Shown when the failure carries no server message ('Failed to save …'). */
  fallback: string;
  /** A form whose spec words its failures differently (spec §8 node form): replaces the server-message-else-fallback rule. */
  errorText?: (error: unknown) => string;
  /** Keep the form's message while fields are edited (it goes at the next submit). */
  keepErrorOnChange?: boolean;
}

export interface FormDialogContext<V extends object, R = unknown> extends FormDialogInput<V, R> {
  values: V;
  fieldErrors: FieldErrors<V>;
  error: string | null;
  /** The last submit became a proposal (review mode, 202): nothing was saved, the values stay. */
  proposal: ProposalRef['proposal'] | null;
  /** What the save call resolved with, once saved. */
  result: R | undefined;
}

export type FormDialogEvent<V extends object> =
  | { type: 'form.change'; values: Partial<V> }
  | { type: 'form.submit' }
  | { type: 'form.cancel' };

export type FormDialogEmitted<V extends object, R = unknown> =
  | { type: 'form.saved'; values: V; result: R }
  | { type: 'form.failed'; error: string | null }
  /** The save became a proposal for a reviewer (202): the form stays in `editing` with its values. */
  | { type: 'form.proposed'; proposal: ProposalRef['proposal'] }
  | { type: 'form.cancelled' }
  /** A submit the client-side check refused (the dialog moves focus to the first invalid field). */
  | { type: 'form.invalid'; fieldErrors: FieldErrors<V> };

const hasErrors = (errors: object | null | undefined): boolean => !!errors && Object.keys(errors).length > 0;

/** Whether the values differ from the ones the dialog opened with (by content: form values are plain data). */
export function isDirty<V extends object>(context: Pick<FormDialogContext<V>, 'initial' | 'values'>): boolean {
  const keys = new Set([...Object.keys(context.initial), ...Object.keys(context.values)]) as Set<keyof V>;
  return [...keys].some((k) => JSON.stringify(context.initial[k]) !== JSON.stringify(context.values[k]));
}

type SubmitInput = { submit: (values: object) => Promise<unknown>; values: object };

/** The machine for a dialog whose values have the shape V (and whose save call resolves with R). */
export function formDialogMachine<V extends object, R = unknown>() {
  return setup({
    types: {
      context: {} as FormDialogContext<V, R>,
      events: {} as FormDialogEvent<V>,
      input: {} as FormDialogInput<V, R>,
      emitted: {} as FormDialogEmitted<V, R>,
    },
    actors: {
      submit: fromPromise<unknown, SubmitInput>(({ input }) => input.submit(input.values)),
    },
    guards: {
      invalid: ({ context }) => hasErrors(context.validate?.(context.values)),
      proposed: ({ event }) => isProposalSent((event as { error?: unknown }).error),
    },
  }).createMachine({
    id: 'formDialog',
    context: ({ input }) => ({ ...input, values: input.initial, fieldErrors: {}, error: null, proposal: null, result: undefined }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.change': {
            actions: assign(({ context, event }) => {
              const fieldErrors = { ...context.fieldErrors };
              for (const key of Object.keys(event.values)) delete fieldErrors[key as keyof typeof fieldErrors];
              return { values: { ...context.values, ...event.values }, fieldErrors, error: context.keepErrorOnChange ? context.error : null };
            }),
          },
          'form.submit': [
            {
              guard: 'invalid',
              actions: [
                assign({ fieldErrors: ({ context }) => context.validate?.(context.values) ?? {}, error: null }),
                emit(({ context }) => ({ type: 'form.invalid' as const, fieldErrors: context.fieldErrors })),
              ],
            },
            { target: 'submitting' },
          ],
          'form.cancel': { target: 'cancelled' },
        },
      },
      submitting: {
        entry: assign({ error: null, fieldErrors: {}, proposal: null }),
        invoke: {
          src: 'submit',
          input: ({ context }) => ({ submit: context.submit as SubmitInput['submit'], values: context.values }),
          onDone: { target: 'saved', actions: assign({ result: ({ event }) => event.output as R }) },
          onError: [
            {
              guard: 'proposed',
              target: 'editing',
              actions: [
                assign({ proposal: ({ event }) => (isProposalSent(event.error) ? event.error.proposal : null) }),
                emit(({ context }) => ({ type: 'form.proposed' as const, proposal: context.proposal! })),
              ],
            },
            {
            target: 'editing',
            actions: [
              assign(({ context, event }) => {
                const fieldErrors = context.serverFieldErrors?.(event.error) ?? {};
                // A failure the fields explain needs no second message under the form.
                const text = context.errorText ? context.errorText(event.error) : failureText(event.error, context.fallback);
                return { fieldErrors, error: hasErrors(fieldErrors) ? null : text };
              }),
              emit(({ context }) => ({ type: 'form.failed' as const, error: context.error })),
            ],
            },
          ],
        },
      },
      saved: {
        type: 'final',
        entry: emit(({ context }) => ({ type: 'form.saved' as const, values: context.values, result: context.result as R })),
      },
      cancelled: {
        type: 'final',
        entry: emit({ type: 'form.cancelled' as const }),
      },
    },
  });
}
