import { useState } from 'react';
import { NODE_UPLOAD_TEXTS as T } from '../../contract/node-upload-texts';
import type { UploadSummary } from '../../contract/imports';
import { LIMITS } from '../../contract/limits';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FilePicker, formatKb } from '../../ui/FilePicker';
import { DownloadIcon, UploadIcon } from '../../ui/icons';
import { ProgressBar } from '../../ui/ProgressBar';
import { saveBlob } from '../download';
import { useNodeUpload } from './use-node-upload';

export interface NodeUploadDialogProps {
  apiBase?: string;
  open: boolean;
  /** The dialog closed; `refresh` when the upload created nodes (the list should reload). */
  onClose: (refresh: boolean) => void;
  /** A message for the page's toast (the error report download failing). */
  onNotify?: (message: string, severity: 'success' | 'error') => void;
}

/**
 * The Bulk Upload Nodes dialog (spec §2, §4, §8): Choose File (.xlsx, .xls, .csv; name and size
 * in KB), the format instructions, progress while uploading and processing, then 'Upload
 * Completed' with the counts and the error report. It cannot be closed while the upload runs.
 */
export function NodeUploadDialog({ apiBase = '', open, onClose, onNotify }: NodeUploadDialogProps) {
  const { actor, state, context: c, calls } = useNodeUpload(apiBase, open, onClose);
  const [downloading, setDownloading] = useState(false);
  const running = state === 'uploading' || state === 'processing';
  const send = actor.send;

  const downloadErrors = async () => {
    if (!c.downloadUrl) return;
    setDownloading(true);
    try {
      saveBlob(await calls.nodeErrorReport(c.downloadUrl), T.errorReportName);
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
        <Button type="submit" startIcon={<UploadIcon />} disabled={running} loading={running}>
          {running ? T.uploadingButton : T.uploadButton}
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
          <div className="kg-upload__instructions">
            <p className="kg-upload__instructions-title">{T.instructionsTitle}</p>
            <ul>
              {T.instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
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
      {state === 'completed' && <ProgressBar label={T.title} value={100} />}
      {state === 'error' && c.error && <Alert severity="error">{c.error}</Alert>}
      {state === 'completed' && c.summary && <UploadResult summary={c.summary} message={c.message} canDownload={!!c.downloadUrl} downloading={downloading} onDownload={() => void downloadErrors()} />}
    </Dialog>
  );
}

function UploadResult({ summary, message, canDownload, downloading, onDownload }: { summary: UploadSummary; message: string; canDownload: boolean; downloading: boolean; onDownload: () => void }) {
  const stats: [string, number, string][] = [
    [T.totalRows, summary.total, ''],
    [T.created, summary.created, 'success'],
    [T.skipped, summary.skipped, 'warning'],
    [T.errors, summary.errors, 'danger'],
  ];
  return (
    <div className="kg-upload__result">
      <Alert severity={summary.errors > 0 ? 'warning' : 'success'}>
        <strong>{T.completed}</strong>
        {message && <div className="kg-upload__result-message">{message}</div>}
      </Alert>
      <dl className="kg-upload__stats">
        {stats.map(([label, value, tone]) => (
          <div key={label} className={tone ? `kg-upload__stat kg-upload__stat--${tone}` : 'kg-upload__stat'}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString('en')}</dd>
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
