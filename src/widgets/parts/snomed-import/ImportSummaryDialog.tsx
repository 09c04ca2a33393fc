import type { SnomedApi } from '../../../api/knowledge/snomed';
import { SNOMED_TEXTS as T } from '../../../contract/texts/snomed';
import type { SnomedImportResult } from '../../../contract/knowledge/imports';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/overlay/Dialog';
import { ImportResult } from './ImportResult';

export interface ImportSummaryDialogProps {
  result: SnomedImportResult | null;
  calls: SnomedApi;
  onClose: () => void;
  onNotify: (message: string, severity: 'success' | 'error') => void;
}

/** 'Import Summary' (spec §2): the server's message, the counts and, when offered, the error file. */
export function ImportSummaryDialog({ result, calls, onClose, onNotify }: ImportSummaryDialogProps) {
  return (
    <Dialog open={!!result} title={T.summaryTitle} onClose={onClose} className="kg-upload-dialog" actions={<Button onClick={onClose}>{T.close}</Button>}>
      {result && <ImportResult result={result} calls={calls} onNotify={onNotify} />}
    </Dialog>
  );
}
