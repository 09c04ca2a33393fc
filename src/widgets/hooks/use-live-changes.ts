import { useEffect } from 'react';
import type { ApiClient } from '../../api/client';
import type { LiveUpdate } from '../../api/live/live-changes';
import type { ChangeMessage } from '../../contract/live/live-changes';
import { useLatest } from '../../ui/use-latest';

/** Changes arriving together (one save touches a node and its relations) make one reload. */
const GATHER_MS = 150;
/** A stream of changes (an import commits a batch a second) reloads a screen at most this often. */
const MIN_INTERVAL_MS = 1000;
/**
 * The socket client (13 KB gzip) is not needed to draw a screen: it loads once the screen has been
 * up for a moment and the browser is idle, so it never competes with the first render (bench/bundle
 * measures what that loads). A change in those first seconds is seen with the next one.
 */
const START_AFTER_MS = 2000;
const IDLE_WITHIN_MS = 1000;

type LiveModule = typeof import('../../api/live/live-changes');
/**
 * One load for the page: the first screen starts the wait, every later one joins it (or starts at
 * once when it is over), so all screens of the page start watching together.
 */
let liveModule: Promise<LiveModule> | null = null;

function loadWhenSettled(): Promise<LiveModule> {
  liveModule ??= new Promise<void>((resolve) =>
    setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: IDLE_WITHIN_MS }) : resolve()), START_AFTER_MS),
  ).then(() => import('../../api/live/live-changes'));
  return liveModule;
}

/**
 * Live changes for one screen (api/live-changes.ts on the page's shared socket): `onChanges` runs
 * with the changes that `concerns` accepts, gathered for a moment, and with `resync` after the
 * connection came back. Every list, detail and graph uses this one hook, host and widgets alike.
 */
export function useLiveChanges(api: ApiClient, concerns: (change: ChangeMessage) => boolean, onChanges: (changes: ChangeMessage[], resync: boolean) => void, enabled = true): void {
  const latest = useLatest({ concerns, onChanges });

  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let done = false;
    let pending: ChangeMessage[] = [];
    let resync = false;
    let flush: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const receive = (update: LiveUpdate) => {
      const wanted = update.changes.filter((c) => latest.current.concerns(c));
      if (wanted.length === 0 && !update.resync) return;
      pending.push(...wanted);
      resync ||= update.resync;
      if (flush !== undefined) return;
      flush = setTimeout(
        () => {
          flush = undefined;
          last = Date.now();
          const changes = pending;
          const again = resync;
          pending = [];
          resync = false;
          latest.current.onChanges(changes, again);
        },
        Math.max(GATHER_MS, last + MIN_INTERVAL_MS - Date.now()),
      );
    };
    loadWhenSettled().then(
      (m) => {
        if (!done) stop = m.watchChanges(api, receive);
      },
      () => {
        // The chunk did not load (offline, a new deploy): the screen works without live changes; the next one tries again.
        liveModule = null;
      },
    );
    return () => {
      done = true;
      clearTimeout(flush);
      stop?.();
    };
  }, [api, enabled, latest]);
}
