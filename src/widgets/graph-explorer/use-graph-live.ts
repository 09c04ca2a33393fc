import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiClient } from '../../api/client';
import { concerns } from '../../api/live/live-interest';
import { LIVE_RECORD_TYPES } from '../../contract/live/live-changes';
import { useLiveChanges } from '../hooks/use-live-changes';
import type { ExplorerActor } from './use-graph-explorer';

/** After the graph's own action ends, its own change messages may still arrive for this long. */
const OWN_ECHO_MS = 2000;

/**
 * Live changes for the graph: a node, relation or type changed elsewhere marks the graph stale, and
 * the view offers a reload instead of rearranging what the user is looking at. The graph's own
 * actions (delete, retype, edit: the machine is busy, and reloads itself after) are not "elsewhere":
 * changes by this user during them and shortly after are ignored. Any reload clears the mark.
 * A proposal's message loads the drawn proposals again (no notice: nothing moves but them).
 */
export function useGraphLive(actor: ExplorerActor, apiBase: string, userId: string | undefined, enabled: boolean, proposals = false) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const [stale, setStale] = useState(false);
  const ownUntil = useRef(0);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches({ ready: { data: 'reloading' } }));
  useEffect(() => {
    if (busy) ownUntil.current = Number.POSITIVE_INFINITY;
    else if (ownUntil.current === Number.POSITIVE_INFINITY) ownUntil.current = Date.now() + OWN_ECHO_MS;
  }, [busy]);
  useEffect(() => {
    if (loading) setStale(false);
  }, [loading]);

  useLiveChanges(
    api,
    (c) => concerns(c, { types: LIVE_RECORD_TYPES }),
    (changes, resync) => {
      const elsewhere = changes.filter((c) => !(userId && c.actor?.id === userId && Date.now() < ownUntil.current));
      if (resync || elsewhere.length > 0) setStale(true);
    },
    enabled,
  );
  // Open proposals drawn in the graph (review mode): a new, changed or decided one shows at once;
  // the server sends these messages only to the proposer and to reviewers.
  useLiveChanges(
    api,
    (c) => concerns(c, { types: ['proposal'] }),
    () => actor.send({ type: 'proposals.reload' }),
    enabled && proposals,
  );
  return { stale, reload: () => actor.send({ type: 'graph.reload' }) };
}
export type GraphLive = ReturnType<typeof useGraphLive>;
