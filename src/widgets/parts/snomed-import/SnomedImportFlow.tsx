import { useEffect } from 'react';
import type { ApiClient } from '../../../api/client';
import type { SnomedApi } from '../../../api/knowledge/snomed';
import type { SnomedImportResult } from '../../../contract/knowledge/imports';
import { ImportSummaryDialog } from './ImportSummaryDialog';
import { SnomedImportDialog } from './SnomedImportDialog';
import { flowStyles } from './styles';
import { useSnomedImport } from './use-snomed-import';

const FLOW_CSS = flowStyles.join('');

export interface SnomedImportFlowProps {
  api: ApiClient;
  calls: SnomedApi;
  /** How many times the Import button was pressed: each new count opens the dialog. */
  openRequests: number;
  onDone: (result: SnomedImportResult) => void;
  onNotify: (message: string, severity?: 'success' | 'error') => void;
}

/**
 * The SNOMED import, from the file dialog to the summary: its machine, its two dialogs and their
 * styles. SnomedManagement loads this on the first press of Import, so the list's first render
 * carries none of it (bench/bundle). It stays mounted afterwards: a running import keeps its state
 * while the dialog is closed and opened again.
 */

export function SnomedImportFlow({ api, calls, openRequests, onDone, onNotify }: SnomedImportFlowProps) {
  const importer = useSnomedImport(api, calls, onDone);
  useEffect(() => {
    if (openRequests > 0) importer.actor.send({ type: 'dialog.open' });
  }, [openRequests, importer.actor]);
  // The dialogs' styles come with them, in an element's shadow root and in the host app alike: no
  // element manifest or host entry has to know them.
  return (
    <>
      <style>{FLOW_CSS}</style>
      <SnomedImportDialog api={api} calls={calls} importer={importer} onNotify={onNotify} />
      <ImportSummaryDialog
        result={importer.state === 'summary' ? importer.context.result : null}
        calls={calls}
        onClose={() => importer.actor.send({ type: 'dialog.close' })}
        onNotify={onNotify}
      />
    </>
  );
}
