import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../api/client';
import type { SnomedApi } from '../../../api/knowledge/snomed';
import { SNOMED_IMPORT_EXTENSIONS } from '../../../contract/texts/imports';
import { SNOMED_TEXTS as T } from '../../../contract/texts/snomed';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/overlay/Dialog';
import { FilePicker, formatMb } from '../../../ui/form/FilePicker';
import { CheckCircleIcon, DownloadIcon, UploadIcon } from '../../../ui/icons';
import { ProgressBar } from '../../../ui/feedback/ProgressBar';
import { saveBlob } from '../../download';
import { holdSocket } from '../../element/lazy-socket';
import { ImportResult } from './ImportResult';
import type { useSnomedImport } from './use-snomed-import';

export interface SnomedImportDialogProps {
  api: ApiClient;
  calls: SnomedApi;
  importer: ReturnType<typeof useSnomedImport>;
  onNotify: (message: string, severity: 'success' | 'error') => void;
}

/**
 * 'Import SNOMED Concepts' (spec §2, §4): the info line, Download Template, a file picker (.xlsx,
 * .xls and the RF2 description .txt; name and size in MB), a progress bar with percent and
 * message, and 'Upload & Import'. It cannot be closed while the import runs; a failure keeps it
 * open with the error. The socket connection is held while it is open (spec §7).
 * "Check file" runs the import without writing anything and shows, in this
 * dialog, what it would create, update and refuse; "Import" then sends the same file for real.
 */
export function SnomedImportDialog({ api, calls, importer, onNotify }: SnomedImportDialogProps) {
  const { actor, state, context: c } = importer;
  const open = state === 'idle' || state === 'uploading' || state === 'checked';
  const uploading = state === 'uploading';
  const checking = uploading && c.dryRun;
  const importing = uploading && !c.dryRun;
  const [fetching, setFetching] = useState(false);

  useEffect(() => {
    if (!open) return;
    return holdSocket(api);
  }, [open, api]);

  const template = async () => {
    setFetching(true);
    try {
      saveBlob(await calls.template(), `snomed_template_${Date.now()}.xlsx`);
    } catch {
      onNotify(T.templateFailed, 'error');
    } finally {
      setFetching(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={T.importTitle}
      busy={uploading}
      className="kg-upload-dialog kg-snomed-import"
      onClose={() => actor.send({ type: 'dialog.close' })}
      onSubmit={() => actor.send({ type: 'import.start' })}
      actions={
        <>
          <Button variant="text" disabled={uploading} onClick={() => actor.send({ type: 'dialog.close' })}>
            {T.cancel}
          </Button>
          <Button variant="outlined" startIcon={<CheckCircleIcon />} disabled={!c.file || uploading} loading={checking} onClick={() => actor.send({ type: 'check.start' })}>
            {checking ? T.checking : T.checkButton}
          </Button>
          <Button type="submit" startIcon={<UploadIcon />} disabled={!c.file || uploading} loading={importing}>
            {importing ? T.importing : state === 'checked' ? T.importAfterCheck : T.uploadImport}
          </Button>
        </>
      }
    >
      <Alert severity="info">
        {T.importInfo}
        <div className="kg-snomed-import__note">{T.importRf2Note}</div>
      </Alert>
      <div>
        <Button variant="text" startIcon={<DownloadIcon />} disabled={fetching || uploading} loading={fetching} onClick={() => void template()}>
          {T.downloadTemplate}
        </Button>
      </div>
      <FilePicker
        buttonLabel={T.selectFile}
        accept={SNOMED_IMPORT_EXTENSIONS.join(',')}
        file={c.file}
        formatSize={formatMb}
        placeholder={T.noFileChosen}
        error={c.fileError}
        disabled={uploading}
        onSelect={(file) => actor.send({ type: 'file.select', file })}
      />
      {uploading && <ProgressBar label={T.importTitle} value={c.progress} message={c.message || T.processing} />}
      {!uploading && c.error && <Alert severity="error">{c.error}</Alert>}
      {state === 'checked' && c.result && <ImportResult result={c.result} calls={calls} onNotify={onNotify} />}
    </Dialog>
  );
}
