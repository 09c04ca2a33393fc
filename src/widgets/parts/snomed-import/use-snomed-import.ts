import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ApiClient } from '../../../api/client';
import { socketReady, watchSnomedImports } from '../../element/lazy-socket';
import type { SnomedApi } from '../../../api/knowledge/snomed';
import type { SnomedImportResult } from '../../../contract/knowledge/imports';
import { snomedImportMachine } from '../../../machines/uploads/snomed-import.machine';
import { useLatest } from '../../../ui/use-latest';

/**
 * The SNOMED import machine wired to the API and the socket. The upload starts once the socket
 * is connected (or after 2 s without it), so the first progress events are not missed.
 */
export function useSnomedImport(api: ApiClient, calls: SnomedApi, onDone: (result: SnomedImportResult) => void) {
  const actor = useActorRef(snomedImportMachine, {
    input: {
      importFile: async (file, options) => {
        await socketReady(api);
        return calls.importFile(file, options);
      },
      watch: (onEvent) => watchSnomedImports(api, onEvent),
    },
  });
  const done = useLatest(onDone);
  useEffect(() => {
    const sub = actor.on('import.done', (e) => done.current(e.result));
    return () => sub.unsubscribe();
  }, [actor, done]);
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  return { actor, state, context };
}
