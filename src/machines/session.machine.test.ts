import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthApi } from '../api/auth';
import { ApiError } from '../api/client';
import { SessionStore } from '../api/session-store';
import { MESSAGES, type AuthResponse, type RegisterRequest, type User } from '../contract';
import { sessionMachine, type SessionInput } from './session.machine';

const user: User = {
  id: 'u1',
  username: 'alice',
  email: 'alice@example.org',
  mobileNo: null,
  role: 'admin',
  roleId: 'r1',
  permissions: ['nodes.read'],
  isActive: true,
  lastLogin: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
const session: AuthResponse = { accessToken: 'access-1', refreshToken: 'refresh-1', user };

/** A fake auth API: every call fails unless the test overrides it. */
function fakeAuth(overrides: Partial<AuthApi> = {}): AuthApi {
  const no = () => Promise.reject(new Error('unexpected call'));
  return { login: no, register: no, me: no, logout: no, logoutAll: no, verifyPassword: no, checkUsername: no, updateProfile: no, ...overrides };
}

/** In node there is no localStorage: the store keeps the tokens in memory, which is what we inspect. */
function start(auth: AuthApi, store = new SessionStore(), provide?: Parameters<typeof sessionMachine.provide>[0]) {
  const machine = provide ? sessionMachine.provide(provide) : sessionMachine;
  const actor = createActor(machine, { input: { auth, store } }).start();
  return { actor, store };
}

afterEach(() => vi.restoreAllMocks());

describe('session machine: startup', () => {
  it('without a stored token goes signed out without calling /me', async () => {
    const me = vi.fn();
    const { actor } = start(fakeAuth({ me }));
    await waitFor(actor, (s) => !s.matches('loading'));
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(me).not.toHaveBeenCalled();
  });

  it('with a stored token asks /me and signs in with that user', async () => {
    const store = new SessionStore();
    store.setTokens('a', 'r');
    const { actor } = start(fakeAuth({ me: async () => ({ user }) }), store);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(store.currentUser).toEqual(user);
  });

  it('a failed /me silently clears both tokens and ends signed out with no error', async () => {
    const store = new SessionStore();
    store.setTokens('a', 'r');
    const { actor } = start(fakeAuth({ me: () => Promise.reject(new ApiError(401, 'token_invalid', 'expired')) }), store);
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(store.accessToken).toBeNull();
    expect(store.refreshToken).toBeNull();
    expect(actor.getSnapshot().context).toMatchObject({ user: null, error: null });
  });
});

describe('session machine: sign-in and registration', () => {
  it('login stores both tokens and the user', async () => {
    const login = vi.fn(async () => session);
    const { actor, store } = start(fakeAuth({ login }));
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.login', login: 'alice', password: 'secret1' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(login).toHaveBeenCalledWith('alice', 'secret1');
    expect(store.snapshot()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1', user });
  });

  it("shows the server's error, falls back to 'Login failed', logs to the console, and clears the error on the next attempt", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failure: unknown = new ApiError(401, 'invalid_credentials', MESSAGES.auth.invalidCredentials);
    const { actor } = start(fakeAuth(), new SessionStore(), {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the test's failure may be any value the API rejects with
      actors: { login: fromPromise<AuthResponse, SessionInput & { login: string; password: string }>(() => Promise.reject(failure)) },
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.login', login: 'alice', password: 'bad' });
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(MESSAGES.auth.invalidCredentials);
    expect(consoleError).toHaveBeenCalled();

    failure = { status: 500 }; // not an Error: no message to show
    actor.send({ type: 'session.login', login: 'alice', password: 'bad' });
    expect(actor.getSnapshot().context.error).toBeNull(); // cleared at the start of the attempt
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Login failed');

    actor.send({ type: 'session.error.clear' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('register stores the session; failure falls back to Registration failed', async () => {
    let result: () => Promise<AuthResponse> = () => Promise.reject(new Error(''));
    const bodies: RegisterRequest[] = [];
    const { actor, store } = start(fakeAuth(), new SessionStore(), {
      actors: {
        register: fromPromise<AuthResponse, SessionInput & { body: RegisterRequest }>(({ input }) => {
          bodies.push(input.body);
          return result();
        }),
      },
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    const body = { username: 'alice', email: 'alice@example.org', password: 'secret1' };
    actor.send({ type: 'session.register', body });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(MESSAGES.auth.registrationFailed);

    result = async () => session;
    actor.send({ type: 'session.register', body });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(bodies).toEqual([body, body]);
    expect(store.accessToken).toBe('access-1');
  });
});

describe('session machine: signed in', () => {
  async function signedIn(auth: Partial<AuthApi> = {}) {
    const store = new SessionStore();
    store.setTokens('access-1', 'refresh-1');
    const started = start(fakeAuth({ me: async () => ({ user }), ...auth }), store);
    await waitFor(started.actor, (s) => s.matches('signedIn'));
    return started;
  }

  it('logout clears the tokens even when the server call fails, and revokes the refresh token', async () => {
    const logout = vi.fn(() => Promise.reject(new Error('offline')));
    const { actor, store } = await signedIn({ logout });
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(logout).toHaveBeenCalledWith('refresh-1');
    expect(store.snapshot()).toEqual({ accessToken: null, refreshToken: null, user: null });
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('session.expired clears the session at once', async () => {
    const { actor, store } = await signedIn();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(store.accessToken).toBeNull();
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('session.user.updated replaces the user in the machine and the store', async () => {
    const { actor, store } = await signedIn();
    const renamed = { ...user, username: 'alice2' };
    actor.send({ type: 'session.user.updated', user: renamed });
    expect(actor.getSnapshot().context.user).toEqual(renamed);
    expect(store.currentUser).toEqual(renamed);
  });
});
