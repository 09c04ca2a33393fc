import { assign, fromPromise, setup } from 'xstate';
import type { AuthResponse, RegisterRequest, User } from '../contract';
import { MESSAGES } from '../contract';
import type { AuthApi } from '../api/auth';
import type { SessionStore } from '../api/session-store';

/**
 * The session (spec §4 Session): loading → signedIn | signedOut. On start, a stored access
 * token is checked with GET /auth/me; failure silently clears the tokens. Sign-in and
 * registration store both tokens and the user; logout clears them. The last error is kept
 * until cleared or the next attempt.
 */
export interface SessionInput {
  auth: AuthApi;
  store: SessionStore;
}

export interface SessionContext extends SessionInput {
  user: User | null;
  error: string | null;
}

export type SessionEvent =
  | { type: 'session.login'; login: string; password: string }
  | { type: 'session.register'; body: RegisterRequest }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  /** Tokens appeared from elsewhere (another tab or widget signed in): check them. */
  | { type: 'session.restore' }
  | { type: 'session.user.updated'; user: User }
  | { type: 'session.error.clear' };

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    restore: fromPromise<User | null, SessionInput>(async ({ input }) => {
      if (!input.store.accessToken) return null;
      const { user } = await input.auth.me();
      return user;
    }),
    login: fromPromise<AuthResponse, SessionInput & { login: string; password: string }>(({ input }) =>
      input.auth.login(input.login, input.password),
    ),
    register: fromPromise<AuthResponse, SessionInput & { body: RegisterRequest }>(({ input }) => input.auth.register(input.body)),
    logout: fromPromise<void, SessionInput>(async ({ input }) => {
      const token = input.store.refreshToken;
      input.store.clear();
      await input.auth.logout(token).catch(() => undefined); // the server side is best effort
    }),
  },
  actions: {
    storeSession: assign(({ context }, res: AuthResponse) => {
      context.store.setTokens(res.accessToken, res.refreshToken);
      context.store.setUser(res.user);
      return { user: res.user, error: null };
    }),
    clearSession: assign(({ context }) => {
      context.store.clear();
      return { user: null };
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, user: null, error: null }),
  initial: 'loading',
  on: {
    'session.error.clear': { actions: assign({ error: null }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'restore',
        input: ({ context }) => ({ auth: context.auth, store: context.store }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'signedIn',
            actions: assign(({ context, event }) => {
              context.store.setUser(event.output);
              return { user: event.output };
            }),
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', actions: 'clearSession' },
      },
    },
    signedOut: {
      on: {
        'session.login': 'signingIn',
        'session.register': 'registering',
        'session.restore': 'loading',
      },
    },
    signingIn: {
      entry: assign({ error: null }),
      invoke: {
        src: 'login',
        input: ({ context, event }) => {
          const e = event as Extract<SessionEvent, { type: 'session.login' }>;
          return { auth: context.auth, store: context.store, login: e.login, password: e.password };
        },
        onDone: { target: 'signedIn', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        onError: {
          target: 'signedOut',
          actions: [
            ({ event }) => console.error('Sign-in failed', event.error),
            assign({ error: ({ event }) => errorText(event.error, MESSAGES.auth.loginFailed) }),
          ],
        },
      },
    },
    registering: {
      entry: assign({ error: null }),
      invoke: {
        src: 'register',
        input: ({ context, event }) => ({
          auth: context.auth,
          store: context.store,
          body: (event as Extract<SessionEvent, { type: 'session.register' }>).body,
        }),
        onDone: { target: 'signedIn', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        onError: {
          target: 'signedOut',
          actions: assign({ error: ({ event }) => errorText(event.error, MESSAGES.auth.registrationFailed) }),
        },
      },
    },
    signedIn: {
      on: {
        'session.logout': 'signingOut',
        // The page handed over other tokens (element.session): check them.
        'session.restore': 'loading',
        'session.expired': { target: 'signedOut', actions: 'clearSession' },
        'session.user.updated': {
          actions: assign(({ context, event }) => {
            context.store.setUser(event.user);
            return { user: event.user };
          }),
        },
      },
    },
    signingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ auth: context.auth, store: context.store }),
        onDone: { target: 'signedOut', actions: assign({ user: null }) },
        onError: { target: 'signedOut', actions: assign({ user: null }) },
      },
    },
  },
});
