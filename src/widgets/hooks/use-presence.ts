import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { PresenceKind, PresenceMode, PresencePerson } from '../../contract/live/presence';

/**
 * Who else has this record open (contract/presence.ts): the other users on it, viewing or editing,
 * live. The socket client loads on first use (api/presence.ts on the page's shared socket). No id
 * (a create form) or `enabled` false: nobody, and nothing is sent.
 */
export function usePresence(api: ApiClient, kind: PresenceKind, id: string | null | undefined, mode: PresenceMode, enabled = true): PresencePerson[] {
  const [state, setState] = useState<{ key: string; people: PresencePerson[] }>({ key: '', people: [] });
  const key = `${kind}:${id ?? ''}:${mode}`;
  useEffect(() => {
    if (!enabled || !id) return;
    let stop: (() => void) | null = null;
    let done = false;
    import('../../api/live/presence').then(
      (m) => {
        if (!done) stop = m.watchPresence(api, { kind, id, mode }, (people) => setState({ key, people }));
      },
      () => undefined, // no chunk (offline, a new deploy): the screen works without presence
    );
    return () => {
      done = true;
      stop?.();
    };
  }, [api, kind, id, mode, enabled, key]);
  const self = api.session.currentUser?.id;
  return state.key === key && enabled && id ? state.people.filter((p) => p.userId !== self) : [];
}
