import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ApiClient } from '../../api/client';
import { socketReady, watchSnomedImports } from '../lazy-socket';
import type { SnomedApi } from '../../api/snomed';
import type { SnomedImportResult } from '../../contract/imports';
import { snomedImportMachine } from '../../machines/snomed-import.machine';

/**
 * The SNOMED import machine wired to the API and the socket. The upload starts once the socket
 * is connected (or after 2 s without it), so the first progress events are not missed.
 */
export function useSnomedImport(api: ApiClient, calls: SnomedApi, onDone: (result: SnomedImportResult) => void) {
  const actor = useActorRef(snomedImportMachine, {
    input: {
      importFile: async (file) => {
        await socketReady(api);
        return calls.importFile(file);
      },
      watch: (onEvent) => watchSnomedImports(api, onEvent),
    },
  });
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const sub = actor.on('import.done', (e) => done.current(e.result));
    return () => sub.unsubscribe();
  }, [actor]);
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  return { actor, state, context };
}
