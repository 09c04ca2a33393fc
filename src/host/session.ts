import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { createActor, type SnapshotFrom } from 'xstate';
import { authApi } from '../api/auth';
import { apiClient } from '../api/client';
import { migrateHostStorage } from '../api/storage-keys';
import { sessionMachine } from '../machines/session.machine';
import type { User } from '../contract';

/**
 * The host's one API client and session actor (module singletons: one session per page,
 * shared with any widget on the same API base through the session store).
 *
 * When a 401 cannot be fixed by a refresh, the client clears the tokens and we tell the
 * session machine; RequireAuth then sends the user to /login with the current page as
 * return-to. A 403 never gets here: it is an ordinary error answer (DESIGN §6).
 */
export const api = apiClient({
  base: '',
  onSessionExpired: () => sessionActor.send({ type: 'session.expired' }),
});

// Before the session machine reads the tokens: an earlier host kept them under bare keys. Only
// the host does this; a widget on a portal's page must never take the portal's `accessToken`.
migrateHostStorage(api.base);

export const sessionActor = createActor(sessionMachine, { input: { auth: authApi(api), store: api.session } });
sessionActor.start();

// Signing out in another tab removes the tokens from localStorage; follow it here.
api.session.subscribe((snap) => {
  if (!snap.accessToken && sessionActor.getSnapshot().matches('signedIn')) sessionActor.send({ type: 'session.expired' });
});

/*
 * Logout vs. expiry: both end signed out, but only an expired session should come back to
 * the page it was on. The router applies navigations as React transitions, so the guard can
 * see the signed-out session before the explicit navigation to /login lands; it asks here
 * whether to add a return-to.
 */
let loggedOutByUser = false;
sessionActor.subscribe((snapshot) => {
  if (snapshot.matches('signedIn')) loggedOutByUser = false;
});

/**
 * Logout from the account menu: clears the session; the next sign-in starts at the dashboard. A
 * session from the identity provider also ends there (RP-initiated logout) when it offers that.
 */
export function logout(): void {
  loggedOutByUser = true;
  const refreshToken = api.session.refreshToken;
  sessionActor.send({ type: 'session.logout' });
  void import('./sso').then(async ({ endProviderSession }) => {
    const providerLogout = await endProviderSession(refreshToken);
    if (providerLogout) window.location.assign(providerLogout);
  });
}
export const wasLoggedOutByUser = () => loggedOutByUser;

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut' | 'busy';

export interface SessionView {
  /** 'busy' while a sign-in, registration or sign-out call runs. */
  status: SessionStatus;
  user: User | null;
  error: string | null;
}

function view(snapshot: SnapshotFrom<typeof sessionMachine>): SessionView {
  const value = snapshot.value;
  const status: SessionStatus = value === 'loading' || value === 'signedIn' || value === 'signedOut' ? value : 'busy';
  return { status, user: snapshot.context.user, error: snapshot.context.error };
}

const sameView = (a: SessionView, b: SessionView) => a.status === b.status && a.user === b.user && a.error === b.error;

export function useSession(): SessionView {
  return useSelector(sessionActor, view, sameView);
}

/** The machine state name, for screens that show per-action busy texts. */
export function useSessionState(): SnapshotFrom<typeof sessionMachine>['value'] {
  return useSelector(sessionActor, (s) => s.value);
}

/**
 * The signed-in user; only call below RequireAuth. Keeps the last user for the one render in
 * which a signed-out session and a still-mounted page can meet (logout, expiry).
 */
export function useCurrentUser(): User {
  const user = useSelector(sessionActor, (s) => s.context.user);
  const [last, setLast] = useState<User | null>(user);
  if (user && user !== last) setLast(user);
  const shown = user ?? last;
  if (!shown) throw new Error('useCurrentUser outside RequireAuth');
  return shown;
}
