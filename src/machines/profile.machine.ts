import { and, assign, emit, fromPromise, not, raise, setup, stateIn } from 'xstate';
import { LIMITS, MESSAGES, type ProfileUpdateRequest, type User } from '../contract';
import type { AuthApi } from '../api/auth';
import { isEditConflict, type EditConflictError } from '../api/client';
import { PASSWORD_FIELDS, changedFields, errorMessage, hasErrors, validateProfile, valuesFrom, type ProfileErrors, type ProfileField, type ProfileValues } from './profile.rules';

/**
 * Account Settings (spec §2, §4, §5 Profile): view → editing. While editing, the password
 * region goes unverified → prompting (Verify Password dialog) → verifying → verified, and
 * only `verified` unlocks the new-password fields. A changed username's availability is checked
 * as the user types (debounced, the region `username`: "already taken" shows before Save) and
 * again on Save, which then sends only the changed fields; success emits `profile.updated`.
 */
export type ProfileAuth = Pick<AuthApi, 'verifyPassword' | 'checkUsername' | 'updateProfile'>;
export interface ProfileInput { user: User; auth: ProfileAuth }
export interface ProfileContext extends ProfileInput {
  values: ProfileValues;
  errors: ProfileErrors;
  /** The password verified in the dialog; the server wants it with a new password. */
  currentPassword: string | null;
  verifyError: string | null;
  formError: string | null;
  success: string | null;
  /** A save refused because the profile changed since it loaded (412): the comparison to resolve. */
  conflict: EditConflictError<User> | null;
}
/** The profile fields an edit conflict compares (never the passwords). */
export type ProfileConflictField = 'username' | 'email' | 'mobileNo';
export const PROFILE_CONFLICT_FIELDS: readonly ProfileConflictField[] = ['username', 'email', 'mobileNo'];
export type ProfileEvent =
  | { type: 'profile.edit' }
  | { type: 'profile.cancel' }
  | { type: 'profile.change'; field: ProfileField; value: string }
  | { type: 'profile.verify.open' }
  | { type: 'profile.verify.cancel' }
  | { type: 'profile.verify.submit'; password: string }
  | { type: 'profile.save' }
  | { type: 'profile.success.clear' }
  /** Conflict: save what was typed over the new version. */
  | { type: 'profile.conflict.keep' }
  /** Conflict: the form shows the profile as it now is (a typed new password stays). */
  | { type: 'profile.conflict.theirs' }
  /** Conflict: per field, then save. */
  | { type: 'profile.conflict.choose'; choices: Record<ProfileConflictField, 'theirs' | 'yours'> }
  | { type: 'profile.conflict.cancel' };
export type ProfileEmitted = { type: 'profile.updated'; user: User };

const submitted = (e: ProfileEvent) => (e as Extract<ProfileEvent, { type: 'profile.verify.submit' }>).password;
const body = (c: ProfileContext): ProfileUpdateRequest => changedFields(c.user, c.values, c.currentPassword);
/** A fresh form for the user: what entering edit mode, Cancel and a successful save leave behind. */
const blank = (user: User) => ({ values: valuesFrom(user), errors: {}, currentPassword: null, verifyError: null, formError: null, conflict: null });

export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent, input: {} as ProfileInput, emitted: {} as ProfileEmitted },
  actors: {
    verifyPassword: fromPromise<string, { auth: ProfileAuth; email: string; password: string }>(async ({ input }) => {
      await input.auth.verifyPassword(input.email, input.password);
      return input.password;
    }),
    checkUsername: fromPromise<boolean, { auth: ProfileAuth; username: string }>(
      async ({ input }) => (await input.auth.checkUsername(input.username)).available,
    ),
    // The version the form was loaded from: a save over someone else's change is refused (412).
    updateProfile: fromPromise<User, { auth: ProfileAuth; body: ProfileUpdateRequest; version?: number }>(({ input }) => input.auth.updateProfile(input.body, input.version)),
  },
  guards: {
    isPasswordField: ({ event }) => event.type === 'profile.change' && PASSWORD_FIELDS.includes(event.field),
    passwordVerified: stateIn('#profile.editing.password.verified'),
    blankPassword: ({ event }) => event.type === 'profile.verify.submit' && event.password === '',
    invalid: ({ context }) => hasErrors(validateProfile(context.values)),
    unchanged: ({ context }) => Object.keys(body(context)).length === 0,
    usernameChanged: ({ context }) => body(context).username !== undefined,
    isUsernameChange: ({ event }) => event.type === 'profile.change' && event.field === 'username',
    /** A changed username that passes the local rules: worth asking the server about. */
    usernameToCheck: ({ context }) => body(context).username !== undefined && !validateProfile(context.values).username,
    usernameTaken: ({ event }) => (event as unknown as { output: boolean }).output === false,
    conflicted: ({ context }) => context.conflict !== null,
  },
  actions: {
    reset: assign(({ context }) => blank(context.user)),
    usernameError: assign(({ context }, message: string) => ({ errors: { ...context.errors, username: message } })),
    /** The form goes on from the profile as it now is: the next save carries its version; the app shows it too. */
    adoptConflict: assign(({ context }) => ({ user: context.conflict?.current ?? context.user, conflict: null })),
    announceUser: emit(({ context }) => ({ type: 'profile.updated' as const, user: context.user })),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ ...input, ...blank(input.user), success: null }),
  initial: 'view',
  states: {
    view: {
      on: {
        'profile.edit': { target: 'editing', actions: ['reset', assign({ success: null })] },
        'profile.success.clear': { actions: assign({ success: null }) },
      },
    },
    editing: {
      type: 'parallel',
      states: {
        password: {
          initial: 'unverified',
          states: {
            unverified: { on: { 'profile.verify.open': { target: 'prompting', actions: assign({ verifyError: null }) } } },
            prompting: {
              on: {
                'profile.verify.cancel': 'unverified',
                'profile.verify.submit': [
                  { guard: 'blankPassword', actions: assign({ verifyError: MESSAGES.profile.currentPasswordRequired }) },
                  { target: 'verifying' },
                ],
              },
            },
            verifying: {
              invoke: {
                src: 'verifyPassword',
                input: ({ context, event }) => ({ auth: context.auth, email: context.user.email, password: submitted(event) }),
                onDone: { target: 'verified', actions: assign({ currentPassword: ({ event }) => event.output, verifyError: null }) },
                onError: { target: 'prompting', actions: assign({ verifyError: ({ event }) => errorMessage(event.error, MESSAGES.auth.passwordVerificationFailed) }) },
              },
            },
            verified: {},
          },
        },
        // Typing a username: after a pause, ask whether it is free. Each keystroke starts over,
        // which also drops a check still running, so an answer is never about an older value.
        username: {
          initial: 'quiet',
          on: { 'profile.change': { guard: 'isUsernameChange', target: '.waiting', reenter: true } },
          states: {
            quiet: {},
            waiting: { after: { [LIMITS.debounceMs]: [{ guard: 'usernameToCheck', target: 'checking' }, { target: 'quiet' }] } },
            checking: {
              invoke: {
                src: 'checkUsername',
                input: ({ context }) => ({ auth: context.auth, username: body(context).username ?? '' }),
                onDone: [{ guard: 'usernameTaken', target: 'quiet', actions: { type: 'usernameError', params: MESSAGES.profile.usernameTaken } }, { target: 'quiet' }],
                // Save checks again and says so; a failed check while typing says nothing.
                onError: 'quiet',
              },
            },
          },
        },
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'profile.change': {
                  guard: not(and(['isPasswordField', not('passwordVerified')])),
                  actions: assign(({ context, event }) => ({
                    values: { ...context.values, [event.field]: event.value },
                    errors: { ...context.errors, [event.field]: undefined },
                  })),
                },
                'profile.cancel': { target: '#profile.view', actions: 'reset' },
                'profile.conflict.keep': { guard: 'conflicted', actions: ['adoptConflict', 'announceUser', raise({ type: 'profile.save' })] },
                'profile.conflict.theirs': {
                  guard: 'conflicted',
                  actions: [
                    'adoptConflict',
                    'announceUser',
                    assign(({ context }) => ({ values: { ...valuesFrom(context.user), newPassword: context.values.newPassword, confirmPassword: context.values.confirmPassword }, errors: {}, formError: null })),
                  ],
                },
                'profile.conflict.choose': {
                  guard: 'conflicted',
                  actions: [
                    'adoptConflict',
                    'announceUser',
                    assign(({ context, event }) => {
                      const theirs = valuesFrom(context.user);
                      const values = { ...context.values };
                      for (const key of PROFILE_CONFLICT_FIELDS) if (event.choices[key] === 'theirs') values[key] = theirs[key];
                      return { values, errors: {} };
                    }),
                    raise({ type: 'profile.save' }),
                  ],
                },
                'profile.conflict.cancel': { actions: assign({ conflict: null }) },
                'profile.save': [
                  { guard: 'invalid', actions: assign({ errors: ({ context }) => validateProfile(context.values), formError: null }) },
                  { guard: 'unchanged', target: '#profile.view', actions: 'reset' },
                  { guard: 'usernameChanged', target: 'checking' },
                  { target: 'saving' },
                ],
              },
            },
            checking: {
              entry: assign({ formError: null }),
              invoke: {
                src: 'checkUsername',
                input: ({ context }) => ({ auth: context.auth, username: body(context).username ?? '' }),
                onDone: [
                  { guard: ({ event }) => event.output, target: 'saving' },
                  { target: 'idle', actions: { type: 'usernameError', params: MESSAGES.profile.usernameTaken } },
                ],
                onError: { target: 'idle', actions: { type: 'usernameError', params: MESSAGES.profile.usernameCheckFailed } },
              },
            },
            saving: {
              entry: assign({ formError: null }),
              invoke: {
                src: 'updateProfile',
                input: ({ context }) => ({ auth: context.auth, body: body(context), version: context.user.version }),
                onDone: {
                  target: '#profile.view',
                  actions: [
                    assign({ user: ({ event }) => event.output, success: MESSAGES.profile.updated }),
                    'reset',
                    emit(({ event }) => ({ type: 'profile.updated' as const, user: event.output })),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    formError: ({ event }) => errorMessage(event.error, MESSAGES.profile.updateFailed),
                    conflict: ({ event }) => (isEditConflict<User>(event.error) ? event.error : null),
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});
