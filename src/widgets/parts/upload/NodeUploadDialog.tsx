import { useState } from 'react';
import type { UploadTexts } from '../../../contract/texts/imports';
import type { UploadSummary } from '../../../contract/knowledge/imports';
import { LIMITS } from '../../../contract/limits';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/overlay/Dialog';
import { FilePicker, formatKb } from '../../../ui/form/FilePicker';
import { CheckCircleIcon, DownloadIcon, UploadIcon } from '../../../ui/icons';
import { ProgressBar } from '../../../ui/feedback/ProgressBar';
import { saveBlob } from '../../download';
import { UPLOAD_TEXTS, type UploadKind } from './upload-kind';
import { useNodeUpload } from './use-node-upload';
import { formatNumber } from '../../../i18n/runtime';
import { IMPORT_RESULT_TEXTS as R } from '../../../contract/texts/imports';

export interface NodeUploadDialogProps {
  apiBase?: string;
  open: boolean;
  /** The dialog closed; `refresh` when the upload created nodes (the list should reload). */
  onClose: (refresh: boolean) => void;
  /** A message for the page's toast (the error report download failing). */
  onNotify?: (message: string, severity: 'success' | 'error') => void;
  /** Nodes (spec §2) or relations: the texts and calls; the dialog is the same. */
  kind?: UploadKind;
}

/**
 * The Bulk Upload Nodes dialog (spec §2, §4, §8): Choose File (.xlsx, .xls, .csv; name and size
 * in KB), the format instructions, progress while uploading and processing, then 'Upload
 * Completed' with the counts and the error report. It cannot be closed while the upload runs.
 * "Check file" runs the upload's checks without writing anything and shows what
 * an upload would create, skip and refuse; "Import" then sends the same file for real.
 * The Import Relations dialog is this one with `kind` 'relations'.
 */
export function NodeUploadDialog({ apiBase = '', open, onClose, onNotify, kind = 'nodes' }: NodeUploadDialogProps) {
  const { actor, state, context: c, calls } = useNodeUpload(apiBase, open, onClose, kind);
  const T = UPLOAD_TEXTS[kind];
  const [downloading, setDownloading] = useState(false);
  const running = state === 'uploading' || state === 'processing';
  const checking = running && c.dryRun;
  const importing = running && !c.dryRun;
  const send = actor.send;

  const downloadErrors = async () => {
    if (!c.downloadUrl) return;
    setDownloading(true);
    try {
      saveBlob(await calls.errorReport(c.downloadUrl), T.errorReportName);
    } catch {
      onNotify?.(T.downloadErrorsFailed, 'error');
    } finally {
      setDownloading(false);
    }
  };

  const actions =
    state === 'completed' ? (
      <>
        <Button variant="text" onClick={() => send({ type: 'upload.reset' })}>
          {T.uploadAnother}
        </Button>
        <Button onClick={() => send({ type: 'dialog.close' })}>{T.done}</Button>
      </>
    ) : (
      <>
        <Button variant="text" disabled={running} onClick={() => send({ type: 'dialog.close' })}>
          {T.cancel}
        </Button>
        <Button variant="outlined" startIcon={<CheckCircleIcon />} disabled={running} loading={checking} onClick={() => send({ type: 'check.start' })}>
          {checking ? T.checkingButton : T.checkButton}
        </Button>
        <Button type="submit" startIcon={<UploadIcon />} disabled={running} loading={importing}>
          {importing ? T.uploadingButton : state === 'checked' ? T.importButton : T.uploadButton}
        </Button>
      </>
    );

  return (
    <Dialog
      open={open && state !== 'closed'}
      title={T.title}
      busy={running}
      className="kg-upload-dialog"
      onClose={() => send({ type: 'dialog.close' })}
      onSubmit={() => send({ type: 'upload.start' })}
      actions={actions}
    >
      {state !== 'completed' && (
        <>
          {/* After a check its result matters more than the format (the file stays chosen below). */}
          {state !== 'checked' && (
            <div className="kg-upload__instructions">
              <p className="kg-upload__instructions-title">{T.instructionsTitle}</p>
              <ul>
                {T.instructions.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          <FilePicker
            buttonLabel={T.chooseFile}
            accept={LIMITS.bulkUploadExtensions.join(',')}
            file={c.file}
            formatSize={formatKb}
            placeholder={T.noFileChosen}
            error={c.fileError}
            disabled={running}
            onSelect={(file) => send({ type: 'file.select', file })}
          />
        </>
      )}
      {running && <ProgressBar label={T.title} value={c.progress} message={c.message || (state === 'uploading' ? T.uploadingText : T.processingText)} />}
      {state === 'checked' && c.summary && <UploadResult texts={T} dryRun summary={c.summary} canDownload={!!c.downloadUrl} downloading={downloading} onDownload={() => void downloadErrors()} />}
      {state === 'completed' && <ProgressBar label={T.title} value={100} />}
      {state === 'error' && c.error && <Alert severity="error">{c.error}</Alert>}
      {state === 'completed' && c.summary && <UploadResult texts={T} summary={c.summary} canDownload={!!c.downloadUrl} downloading={downloading} onDownload={() => void downloadErrors()} />}
    </Dialog>
  );
}

interface UploadResultProps {
  texts: UploadTexts;
  summary: UploadSummary;
  canDownload: boolean;
  downloading: boolean;
  onDownload: () => void;
  /** The counts of a check: what an upload would do. */
  dryRun?: boolean;
}

/**
 * What the upload did (or, for a check, would do), said from the summary in the active language with
 * the tiles' number formatting — not the server's English message: a check never reads as an import.
 */
function resultLines(summary: UploadSummary, dryRun: boolean): string[] {
  const { created, skipped, errors, sheet, untyped } = summary;
  return [
    dryRun ? R.checked(created, skipped, errors) : R.uploaded(created, skipped, errors),
    ...(sheet !== undefined ? [R.sheet(sheet)] : []),
    ...(untyped ? [dryRun ? R.untypedCheck(untyped) : R.untyped(untyped)] : []),
  ];
}

function UploadResult({ texts: T, summary, canDownload, downloading, onDownload, dryRun = false }: UploadResultProps) {
  const stats: [string, number, string][] = [
    [T.totalRows, summary.total, ''],
    [dryRun ? T.wouldCreate : T.created, summary.created, 'success'],
    [dryRun ? T.wouldSkip : T.skipped, summary.skipped, 'warning'],
    [dryRun ? T.wouldRefuse : T.errors, summary.errors, 'danger'],
  ];
  return (
    <div className="kg-upload__result" data-testid={dryRun ? 'upload-check-result' : 'upload-result'}>
      <Alert severity={dryRun ? 'info' : summary.errors > 0 ? 'warning' : 'success'}>
        <strong>{dryRun ? T.checkCompleted : T.completed}</strong>
        {resultLines(summary, dryRun).map((line) => (
          <div key={line} className="kg-upload__result-message">
            {line}
          </div>
        ))}
        {dryRun && <div className="kg-upload__result-message">{T.checkHint}</div>}
      </Alert>
      <dl className="kg-upload__stats">
        {stats.map(([label, value, tone]) => (
          <div key={label} className={tone ? `kg-upload__stat kg-upload__stat--${tone}` : 'kg-upload__stat'}>
            <dt>{label}</dt>
            <dd>{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {canDownload && (
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={downloading} loading={downloading} onClick={onDownload}>
          {T.downloadErrors}
        </Button>
      )}
    </div>
  );
}
