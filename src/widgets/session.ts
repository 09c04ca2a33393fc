import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { authApi } from '../api/auth';
import { apiClient } from '../api/client';
import { sessionMachine } from '../machines/session.machine';

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
      if (created.getSnapshot().matches('signedIn') && !api.session.accessToken) created.send({ type: 'session.expired' });
    }),
  );
  actor = created.start();
  actors.set(api.base, actor);
  return actor;
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
