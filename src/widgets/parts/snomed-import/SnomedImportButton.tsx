import { lazy, Suspense, useMemo, useState } from 'react';
import { apiClient } from '../../../api/client';
import { snomedApi } from '../../../api/knowledge/snomed';
import { SNOMED_TEXTS as T } from '../../../contract/texts/snomed';
import { LIMITS } from '../../../contract/limits';
import type { SnomedImportResult } from '../../../contract/knowledge/imports';
import { Button } from '../../../ui/Button';
import { UploadIcon } from '../../../ui/icons';
import { Toast } from '../../../ui/feedback/Toast';
import { useToast } from '../../hooks/use-toast';

const SnomedImportFlow = lazy(() => import('./SnomedImportFlow').then((m) => ({ default: m.SnomedImportFlow })));

/**
 * 'Import SNOMED' for a role that may import (nodes.create) but not manage the catalogue: spec §6
 * gives the editor this button, while /snomed stays admin-only (route table). The node list shows
 * it in its header beside the bulk upload; the flow is the SNOMED page's own, loaded on first press.
 */
export function SnomedImportButton({ apiBase }: { apiBase: string }) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const calls = useMemo(() => snomedApi(api), [api]);
  const [requests, setRequests] = useState(0);
  const { toast, show, close } = useToast();
  const done = (result: SnomedImportResult) => {
    if (result.summary.errors === 0) show(T.imported);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setRequests((n) => n + 1)}>
        {T.importButton}
      </Button>
      {requests > 0 && (
        <Suspense fallback={null}>
          <SnomedImportFlow api={api} calls={calls} openRequests={requests} onDone={done} onNotify={show} />
        </Suspense>
      )}
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </>
  );
}
