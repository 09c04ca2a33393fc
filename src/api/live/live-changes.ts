import type { ChangeMessage, ChangesPayload } from '../../contract/live/live-changes';
import { SOCKET_EVENTS } from '../../contract/live/socket';
import type { ApiClient } from '../client';
import { acquireSocket } from './socket';

/**
 * The browser's end of live changes (contract/live-changes.ts): every screen that shows nodes,
 * relations or types watches through here, on the page's one shared socket per API base. A watcher
 * hears each change message, and a `resync` after the connection came back (messages sent while it
 * was down are lost: the screen reloads what it shows).
 */
export interface LiveUpdate {
  changes: ChangeMessage[];
  /** The connection was lost and is back: anything may have changed meanwhile. */
  resync: boolean;
}

/**
 * A watcher lets go of the connection this much later: moving from one screen to the next (list to
 * detail) keeps it instead of closing and reopening it, and misses nothing in between.
 */
const LINGER_MS = 5000;
/** Once socket.io has given up reconnecting (5 tries), a live screen tries again this often. */
const RETRY_AFTER_GIVING_UP_MS = 30_000;

export function watchChanges(api: ApiClient, listener: (update: LiveUpdate) => void): () => void {
  const { socket, release } = acquireSocket(api);
  let wasConnected = socket.connected;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const onChanges = (payload: ChangesPayload) => {
    if (Array.isArray(payload?.changes) && payload.changes.length > 0) listener({ changes: payload.changes, resync: false });
  };
  const onConnect = () => {
    if (wasConnected) listener({ changes: [], resync: true });
    wasConnected = true;
  };
  const onGaveUp = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (!socket.connected) socket.connect();
    }, RETRY_AFTER_GIVING_UP_MS);
  };
  socket.on(SOCKET_EVENTS.changes, onChanges);
  socket.on('connect', onConnect);
  // The Manager (absent in unit tests' stand-in) reports when its reconnection attempts ran out.
  socket.io?.on('reconnect_failed', onGaveUp);
  return () => {
    clearTimeout(retry);
    socket.off(SOCKET_EVENTS.changes, onChanges);
    socket.off('connect', onConnect);
    socket.io?.off('reconnect_failed', onGaveUp);
    setTimeout(release, LINGER_MS);
  };
}
