import type { ApiClient } from '../../api/client';
import type { NodeUploadProgress } from '../../api/live/socket';
import type { SnomedProgressEvent } from '../../contract/knowledge/imports';

/**
 * The socket.io client loads only when an upload dialog opens (it is most of an import
 * widget's code otherwise): these wrappers import src/api/live/socket on first use and keep the
 * synchronous shapes the machines and components expect.
 */
const load = () => import('../../api/live/socket');

/** Holds the shared connection until the returned function is called. */
export function holdSocket(api: ApiClient): () => void {
  let release: (() => void) | null = null;
  let done = false;
  void load().then((m) => {
    if (!done) release = m.acquireSocket(api).release;
  });
  return () => {
    done = true;
    release?.();
  };
}

function lazyWatch(start: (m: Awaited<ReturnType<typeof load>>) => () => void): () => void {
  let stop: (() => void) | null = null;
  let done = false;
  void load().then((m) => {
    if (!done) stop = start(m);
  });
  return () => {
    done = true;
    stop?.();
  };
}

export const watchNodeUpload = (api: ApiClient, processId: string, onEvent: (e: NodeUploadProgress) => void) => lazyWatch((m) => m.watchNodeUpload(api, processId, onEvent));
export const watchSnomedImports = (api: ApiClient, onEvent: (e: SnomedProgressEvent) => void) => lazyWatch((m) => m.watchSnomedImports(api, onEvent));
export const socketReady = (api: ApiClient, timeoutMs?: number) => load().then((m) => m.socketReady(api, timeoutMs));
