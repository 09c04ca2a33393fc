import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { apiClient } from '../../api/client';
import { importsApi } from '../../api/imports';
import { holdSocket, watchNodeUpload } from '../lazy-socket';
import { nodeUploadMachine } from '../../machines/node-upload.machine';

/**
 * The bulk upload machine wired to the API and the socket, following the dialog's `open`.
 * The socket connection is held while the dialog is open (spec §7 Real-time).
 */
export function useNodeUpload(apiBase: string, open: boolean, onClosed: (refresh: boolean) => void) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const calls = useMemo(() => importsApi(api), [api]);
  const actor = useActorRef(nodeUploadMachine, {
    input: { upload: (file) => calls.uploadNodes(file), watch: (processId, onEvent) => watchNodeUpload(api, processId, onEvent) },
  });
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    const sub = actor.on('upload.closed', (e) => closed.current(e.refresh));
    return () => sub.unsubscribe();
  }, [actor]);

  useEffect(() => {
    if (!open) return;
    actor.send({ type: 'dialog.open' });
    return holdSocket(api);
  }, [open, actor, api]);

  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  return { actor, state, context, calls };
}
