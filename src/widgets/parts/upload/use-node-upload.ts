import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { apiClient } from '../../../api/client';
import { uploadCalls } from '../../../api/imports';
import { holdSocket, watchNodeUpload } from '../../element/lazy-socket';
import { nodeUploadMachine } from '../../../machines/uploads/node-upload.machine';
import { UPLOAD_TEXTS, type UploadKind } from './upload-kind';
import { useLatest } from '../../../ui/use-latest';

/**
 * The bulk upload machine wired to the API and the socket, following the dialog's `open`.
 * The socket connection is held while the dialog is open (spec §7 Real-time). Relation imports
 * (`kind` 'relations') send their progress on the same event as node uploads.
 */
export function useNodeUpload(apiBase: string, open: boolean, onClosed: (refresh: boolean) => void, kind: UploadKind = 'nodes') {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const calls = useMemo(() => uploadCalls(api, kind), [api, kind]);
  const actor = useActorRef(nodeUploadMachine, {
    input: { upload: (file, options) => calls.upload(file, options), watch: (processId, onEvent) => watchNodeUpload(api, processId, onEvent), texts: UPLOAD_TEXTS[kind] },
  });
  const closed = useLatest(onClosed);

  useEffect(() => {
    const sub = actor.on('upload.closed', (e) => closed.current(e.refresh));
    return () => sub.unsubscribe();
  }, [actor, closed]);

  useEffect(() => {
    if (!open) return;
    actor.send({ type: 'dialog.open' });
    return holdSocket(api);
  }, [open, actor, api]);

  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  return { actor, state, context, calls };
}
