import { io, type Socket } from 'socket.io-client';
import { LIMITS } from '../../contract/limits';
import { SOCKET_EVENTS, SOCKET_PATH, type ProgressEvent } from '../../contract/live/socket';
import type { SnomedProgressEvent } from '../../contract/knowledge/imports';
import type { ApiClient } from '../client';

/**
 * The real-time connection (spec §7 Real-time, DESIGN §4): socket.io on the API's origin,
 * websocket first with polling as the fallback, reconnecting after 1000 ms up to 5 times,
 * authenticated with the current access token. One connection per API base, opened while
 * something holds it (an upload dialog, a progress watcher) and closed when the last lets go.
 */
interface Shared {
  socket: Socket;
  holders: number;
}
const shared = new Map<string, Shared>();
/** As the API's Retry-After on a lost database connection. */
const DATABASE_RETRY_MS = 5000;

function open(api: ApiClient): Socket {
  const socket = io(api.base || undefined, {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    reconnectionDelay: LIMITS.socketReconnectDelayMs,
    reconnectionAttempts: LIMITS.socketReconnectAttempts,
    // A function: each (re)connection presents the token of that moment (it is refreshed every 15 minutes).
    auth: (cb) => cb({ token: api.session.accessToken ?? '' }),
  });
  let refreshed = false;
  socket.on('connect', () => {
    refreshed = false;
  });
  // The server ends a socket when its access token expires or its rights changed (a role or
  // permission change): socket.io does not reconnect after that by itself. One authenticated call
  // refreshes the token (or, for a revoked sign-in, ends the session); then connect again with it.
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    void api
      .request('/auth/me')
      .catch(() => undefined)
      .then(() => {
        if (api.session.accessToken && !socket.connected && shared.get(api.base)?.socket === socket) socket.connect();
      });
  });
  socket.on('connect_error', (err) => {
    // The server lost its database for a moment (failover): a middleware refusal is not
    // retried by socket.io, so try again once the server asks us to wait.
    if (err.message === 'database_unavailable') {
      setTimeout(() => {
        if (!socket.connected && shared.get(api.base)?.socket === socket) socket.connect();
      }, DATABASE_RETRY_MS);
      return;
    }
    // Refused by the server's auth middleware (an expired token): socket.io does not retry that
    // by itself. One authenticated call refreshes the token; then connect again.
    if (err.message !== 'unauthorized' || refreshed || !api.session.refreshToken) return;
    refreshed = true;
    void api
      .request('/auth/me')
      .catch(() => undefined)
      .then(() => {
        if (!socket.connected && shared.get(api.base)?.socket === socket) socket.connect();
      });
  });
  return socket;
}

/** Takes a hold on the shared connection; call `release` when done with it. */
export function acquireSocket(api: ApiClient): { socket: Socket; release: () => void } {
  let entry = shared.get(api.base);
  if (!entry) {
    entry = { socket: open(api), holders: 0 };
    shared.set(api.base, entry);
  }
  entry.holders += 1;
  const held = entry;
  let released = false;
  return {
    socket: held.socket,
    release: () => {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders === 0) {
        held.socket.disconnect();
        if (shared.get(api.base) === held) shared.delete(api.base);
      }
    },
  };
}

export type NodeUploadProgress = ProgressEvent & { processId?: string; downloadUrl?: string };

/**
 * Follows one node upload: listens for `upload-progress-{processId}` and joins the job's room
 * on every (re)connection, which also sends the job's current state (a late client misses
 * nothing). Returns the function that stops listening.
 */
export function watchNodeUpload(api: ApiClient, processId: string, onEvent: (event: NodeUploadProgress) => void): () => void {
  const { socket, release } = acquireSocket(api);
  const name = SOCKET_EVENTS.nodeUploadProgress(processId);
  const join = () => socket.emit(SOCKET_EVENTS.joinJob, processId);
  socket.on(name, onEvent);
  socket.on('connect', join);
  if (socket.connected) join();
  return () => {
    socket.off(name, onEvent);
    socket.off('connect', join);
    release();
  };
}

/** Follows SNOMED imports of this user (`snomed-upload-progress`); returns the function that stops. */
export function watchSnomedImports(api: ApiClient, onEvent: (event: SnomedProgressEvent) => void): () => void {
  const { socket, release } = acquireSocket(api);
  socket.on(SOCKET_EVENTS.snomedUploadProgress, onEvent);
  return () => {
    socket.off(SOCKET_EVENTS.snomedUploadProgress, onEvent);
    release();
  };
}

/** Resolves once the shared connection is up, or after `timeoutMs` (progress is a bonus, never a blocker). */
export function socketReady(api: ApiClient, timeoutMs = 2000): Promise<void> {
  const { socket, release } = acquireSocket(api);
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket.off('connect', done);
      release();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    if (socket.connected) done();
    else socket.on('connect', done);
  });
}
