import { assign, emit, fromPromise, setup } from 'xstate';
import { failureText } from './error-text';

/**
 * The add/edit form dialogs (users, roles, types, nodes; spec §2, §5): one machine for all of
 * them. A dialog is mounted per opening, so the machine starts in `editing`:
 *   editing → (valid) submitting → saved (final; emits `form.saved`)
 *                      submitting → editing with the server's message (and its field errors)
 * A client-side check (`validate`) keeps it in `editing` with field errors and no call. Cancel
 * leaves from `editing` (emits `form.cancelled`); while submitting nothing closes the dialog.
 * Editing a field clears that field's error and the form's message.
 */
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export interface FormDialogInput<V extends object> {
  /** The values the dialog opens with (what 'dirty' compares against). */
  initial: V;
  /** The save call; its rejection is shown as the server's message (else `fallback`). */
  submit: (values: V) => Promise<unknown>;
  /** Client-side checks before the call; null or {} when the values may be sent. */
  validate?: (values: V) => FieldErrors<V> | null;
  /** Field errors the server's rejection carries (e.g. a taken e-mail), shown at the fields. */
  serverFieldErrors?: (error: unknown) => FieldErrors<V> | null;
  /** Shown when the failure carries no server message ('Failed to save …'). */
  fallback: string;
}

export interface FormDialogContext<V extends object> extends FormDialogInput<V> {
  values: V;
  fieldErrors: FieldErrors<V>;
  error: string | null;
}

export type FormDialogEvent<V extends object> =
  | { type: 'form.change'; values: Partial<V> }
  | { type: 'form.submit' }
  | { type: 'form.cancel' };

export type FormDialogEmitted<V extends object> =
  | { type: 'form.saved'; values: V }
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

/** The machine for a dialog whose values have the shape V. */
export function formDialogMachine<V extends object>() {
  return setup({
    types: {
      context: {} as FormDialogContext<V>,
      events: {} as FormDialogEvent<V>,
      input: {} as FormDialogInput<V>,
      emitted: {} as FormDialogEmitted<V>,
    },
    actors: {
      submit: fromPromise<unknown, SubmitInput>(({ input }) => input.submit(input.values)),
    },
    guards: {
      invalid: ({ context }) => hasErrors(context.validate?.(context.values)),
    },
  }).createMachine({
    id: 'formDialog',
    context: ({ input }) => ({ ...input, values: input.initial, fieldErrors: {}, error: null }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.change': {
            actions: assign(({ context, event }) => {
              const fieldErrors = { ...context.fieldErrors };
              for (const key of Object.keys(event.values)) delete fieldErrors[key as keyof typeof fieldErrors];
              return { values: { ...context.values, ...event.values }, fieldErrors, error: null };
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
        entry: assign({ error: null, fieldErrors: {} }),
        invoke: {
          src: 'submit',
          input: ({ context }) => ({ submit: context.submit as SubmitInput['submit'], values: context.values }),
          onDone: { target: 'saved' },
          onError: {
            target: 'editing',
            actions: assign(({ context, event }) => {
              const fieldErrors = context.serverFieldErrors?.(event.error) ?? {};
              // A failure the fields explain needs no second message under the form.
              return { fieldErrors, error: hasErrors(fieldErrors) ? null : failureText(event.error, context.fallback) };
            }),
          },
        },
      },
      saved: {
        type: 'final',
        entry: emit(({ context }) => ({ type: 'form.saved' as const, values: context.values })),
      },
      cancelled: {
        type: 'final',
        entry: emit({ type: 'form.cancelled' as const }),
      },
    },
  });
}
