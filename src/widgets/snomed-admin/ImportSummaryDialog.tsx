import { useState } from 'react';
import type { SnomedApi } from '../../api/snomed';
import { SNOMED_TEXTS as T } from '../../contract/import-texts';
import type { SnomedImportResult } from '../../contract/imports';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DownloadIcon } from '../../ui/icons';
import { saveBlob } from '../download';

export interface ImportSummaryDialogProps {
  result: SnomedImportResult | null;
  calls: SnomedApi;
  onClose: () => void;
  onNotify: (message: string, severity: 'success' | 'error') => void;
}

/** 'Import Summary' (spec §2): the server's message, the counts and, when offered, the error file. */
export function ImportSummaryDialog({ result, calls, onClose, onNotify }: ImportSummaryDialogProps) {
  const [downloading, setDownloading] = useState(false);
  const download = async (url: string) => {
    setDownloading(true);
    try {
      const { blob, filename } = await calls.errorFile(url);
      saveBlob(blob, filename);
    } catch {
      onNotify(T.downloadErrorFileFailed, 'error');
    } finally {
      setDownloading(false);
    }
  };
  const s = result?.summary;
  // Every row is counted once: the four parts under the total add up to it (updated and unchanged
  // were only in the message, so the tiles did not).
  const stats: [string, number, string][] = s
    ? [
        [T.totalRows, s.totalRows, 'total'],
        [T.created, s.created, 'success'],
        [T.updated, s.updated, ''],
        [T.unchanged, s.unchanged, ''],
        [T.errors, s.errors, 'danger'],
      ]
    : [];
  return (
    <Dialog open={!!result} title={T.summaryTitle} onClose={onClose} className="kg-upload-dialog" actions={<Button onClick={onClose}>{T.close}</Button>}>
      {result && (
        <div className="kg-upload__result">
          <Alert severity={s && s.errors > 0 ? 'warning' : 'success'}>{result.message}</Alert>
          <dl className="kg-upload__stats kg-snomed-summary__stats" data-testid="snomed-summary-stats">
            {stats.map(([label, value, tone]) => (
              <div key={label} className={tone ? `kg-upload__stat kg-upload__stat--${tone}` : 'kg-upload__stat'}>
                <dt>{label}</dt>
                <dd>{value.toLocaleString('en')}</dd>
              </div>
            ))}
          </dl>
          {result.errorFileUrl && (
            <>
              <p className="kg-snomed-import__errors">{T.errorFileText}</p>
              <Button variant="outlined" startIcon={<DownloadIcon />} disabled={downloading} loading={downloading} onClick={() => void download(result.errorFileUrl!)}>
                {T.downloadErrorFile}
              </Button>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
