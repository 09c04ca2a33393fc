import { useEffect, useRef } from 'react';
import type { ApiClient } from '../api/client';
import type { LiveUpdate } from '../api/live-changes';
import type { ChangeMessage } from '../contract/live-changes';

/** Changes arriving together (one save touches a node and its relations) make one reload. */
const GATHER_MS = 150;
/** The socket client loads after the screen's first render, not with it (bench/bundle). */
const START_AFTER_MS = 300;

/**
 * Live changes for one screen (api/live-changes.ts on the page's shared socket): `onChanges` runs
 * with the changes that `concerns` accepts, gathered for a moment, and with `resync` after the
 * connection came back. Every list, detail and graph uses this one hook, host and widgets alike.
 */
export function useLiveChanges(api: ApiClient, concerns: (change: ChangeMessage) => boolean, onChanges: (changes: ChangeMessage[], resync: boolean) => void, enabled = true): void {
  const latest = useRef({ concerns, onChanges });
  latest.current = { concerns, onChanges };

  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let done = false;
    let pending: ChangeMessage[] = [];
    let resync = false;
    let flush: ReturnType<typeof setTimeout> | undefined;
    const receive = (update: LiveUpdate) => {
      const wanted = update.changes.filter((c) => latest.current.concerns(c));
      if (wanted.length === 0 && !update.resync) return;
      pending.push(...wanted);
      resync ||= update.resync;
      if (flush !== undefined) return;
      flush = setTimeout(() => {
        flush = undefined;
        const changes = pending;
        const again = resync;
        pending = [];
        resync = false;
        latest.current.onChanges(changes, again);
      }, GATHER_MS);
    };
    const start = setTimeout(() => {
      void import('../api/live-changes').then((m) => {
        if (!done) stop = m.watchChanges(api, receive);
      });
    }, START_AFTER_MS);
    return () => {
      done = true;
      clearTimeout(start);
      clearTimeout(flush);
      stop?.();
    };
  }, [api, enabled]);
}
