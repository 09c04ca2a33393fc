import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { authApi } from '../../api/auth';
import { apiClient } from '../../api/client';
import { completeSsoSignIn, ssoApi } from '../../api/sso';
import { sessionMachine } from '../../machines/session.machine';

/**
 * One session actor per API base per page, shared by every widget on the page (as the
 * SessionStore and ApiClient are): signing in or out in one widget updates all of them.
 * A session that ends elsewhere (a failed refresh, another tab's logout) ends here too.
 */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionPhase = 'loading' | 'signedOut' | 'signingIn' | 'signedIn' | 'busy';

const actors = new Map<string, SessionActor>();

export function sessionActorFor(apiBase = ''): SessionActor {
  const api = apiClient({ base: apiBase });
  let actor = actors.get(api.base);
  if (actor) return actor;
  const created = createActor(sessionMachine, { input: { auth: authApi(api), store: api.session } });
  api.session.subscribe(() =>
    // After the current transition: the machine's own actions also write to the store.
    queueMicrotask(() => {
      const snapshot = created.getSnapshot();
      if (snapshot.matches('signedIn') && !api.session.accessToken) created.send({ type: 'session.expired' });
      // Tokens appeared from elsewhere (another tab signed in): check them.
      else if (snapshot.matches('signedOut') && api.session.accessToken) created.send({ type: 'session.restore' });
    }),
  );
  actor = created.start();
  actors.set(api.base, actor);
  // Back from the identity provider (#kg-sso=code): the tokens land in the store, which restores the session above.
  void completeSsoSignIn(api);
  return actor;
}

/**
 * The page hands over its user's token from the identity provider (`element.providerToken`, or a
 * `kg-provider-token` event): the server checks it and exchanges it for a session here (RFC 8693),
 * which every widget on the API base then shares. A refused token leaves the sign-in prompt.
 */
export async function exchangeProviderToken(apiBase: string, token: string): Promise<boolean> {
  const api = apiClient({ base: apiBase });
  try {
    const session = await ssoApi(api).exchange(token);
    seedSession(apiBase, { accessToken: session.accessToken, refreshToken: session.refreshToken });
    return true;
  } catch {
    return false;
  }
}

/**
 * The page hands over a session (`element.session = { accessToken, refreshToken? }`): store the
 * tokens for this API base and check them with the server, so every widget on the base moves
 * to the new user (or to the sign-in form when the tokens are not valid). `null` signs out.
 */
export function seedSession(apiBase: string, seed: { accessToken: string; refreshToken?: string | null } | null): void {
  const actor = sessionActorFor(apiBase);
  const store = apiClient({ base: apiBase }).session;
  if (!seed) {
    if (store.accessToken) actor.send({ type: 'session.expired' });
    store.clear();
    return;
  }
  if (store.accessToken === seed.accessToken) return;
  store.setTokens(seed.accessToken, seed.refreshToken ?? null);
  actor.send({ type: 'session.restore' });
}

const phaseOf = (s: ReturnType<SessionActor['getSnapshot']>): SessionPhase =>
  s.matches('registering') || s.matches('signingOut') ? 'busy' : (s.value as SessionPhase);

/** The shared session of `apiBase` for a component: phase, user, last error and `send`. */
export function useSession(apiBase = '') {
  const actor = sessionActorFor(apiBase);
  const phase = useSelector(actor, phaseOf);
  const user = useSelector(actor, (s) => s.context.user);
  const error = useSelector(actor, (s) => s.context.error);
  return { phase, user, error, send: actor.send };
}
