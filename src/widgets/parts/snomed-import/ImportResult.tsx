import { useState } from 'react';
import type { SnomedApi } from '../../../api/knowledge/snomed';
import { SNOMED_TEXTS as T } from '../../../contract/texts/snomed';
import type { SnomedImportResult } from '../../../contract/knowledge/imports';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { DownloadIcon } from '../../../ui/icons';
import { saveBlob } from '../../download';
import { formatNumber } from '../../../i18n/runtime';
import { IMPORT_RESULT_TEXTS as R } from '../../../contract/texts/imports';

export interface ImportResultProps {
  result: SnomedImportResult;
  calls: SnomedApi;
  onNotify: (message: string, severity: 'success' | 'error') => void;
}

/**
 * An import's result (spec §2 Import Summary): the server's message, the counts and, when offered,
 * the error file. A check's result (`dryRun`) says what an import would do.
 */
export function ImportResult({ result, calls, onNotify }: ImportResultProps) {
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
  const s = result.summary;
  const dry = result.dryRun === true;
  const counts = [s.totalRows, s.created, s.updated, s.unchanged, s.errors] as const;
  const sentence = dry ? R.snomedChecked(...counts) : R.snomedImported(...counts);
  // Every row is counted once: the four parts under the total add up to it (updated and unchanged
  // were only in the message, so the tiles did not).
  const stats: [string, number, string][] = [
    [T.totalRows, s.totalRows, 'total'],
    [dry ? T.wouldCreate : T.created, s.created, 'success'],
    [dry ? T.wouldUpdate : T.updated, s.updated, ''],
    [T.unchanged, s.unchanged, ''],
    [dry ? T.wouldRefuse : T.errors, s.errors, 'danger'],
  ];
  return (
    <div className="kg-upload__result" data-testid={dry ? 'snomed-check-result' : undefined}>
      <Alert severity={dry ? 'info' : s.errors > 0 ? 'warning' : 'success'}>
        {dry && <strong>{T.checkCompleted}</strong>}
        {/* Said from the counts in the active language with the tiles' number formatting (the server's message is English). */}
        {dry ? <div className="kg-upload__result-message">{sentence}</div> : sentence}
        {s.sheet !== undefined && <div className="kg-upload__result-message">{R.sheet(s.sheet)}</div>}
        {dry && <div className="kg-upload__result-message">{T.checkHint}</div>}
      </Alert>
      <dl className="kg-upload__stats kg-snomed-summary__stats" data-testid="snomed-summary-stats">
        {stats.map(([label, value, tone]) => (
          <div key={label} className={tone ? `kg-upload__stat kg-upload__stat--${tone}` : 'kg-upload__stat'}>
            <dt>{label}</dt>
            <dd>{formatNumber(value)}</dd>
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
  );
}
