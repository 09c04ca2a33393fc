import { useState } from 'react';
import type { HistoryApi } from '../../../api/knowledge/history';
import { ApiError } from '../../../api/client';
import type { HistoryEntry, RestoreAttachmentMode, RestorePreview, RestoreSkipped } from '../../../contract/knowledge/history';
import { HISTORY_TEXTS as T, RESTORE_MESSAGES } from '../../../contract/texts/history';
import { localiseEnglish } from '../../../contract/texts';
import { failureText } from '../../../machines/error-text';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/form/Checkbox';
import { Dialog } from '../../../ui/overlay/Dialog';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import { ChangeLine } from './ChangeLine';
import { useRestorePreview } from './use-restore-preview';

/** Skipped effects come with the server's English reason: shown in the reader's language when it is a declared text. */
const skippedReason = (s: RestoreSkipped) => localiseEnglish(s.reason);

function PreviewBody({ preview, attachments, onAttachments }: { preview: RestorePreview; attachments: RestoreAttachmentMode; onAttachments: (m: RestoreAttachmentMode) => void }) {
  const addedSince = preview.attachmentsAddedSince;
  return (
    <div className="kg-restore-preview">
      {preview.changes.length > 0 ? (
        <>
          <p className="kg-restore-preview__intro">{T.previewIntro}</p>
          <ul className="kg-history__changes kg-restore-preview__changes" aria-label={T.previewIntro}>
            {preview.changes.map((c, i) => (
              <ChangeLine key={`${c.field}-${i}`} change={c} />
            ))}
          </ul>
        </>
      ) : (
        <p className="kg-restore-preview__intro">{T.previewNoChanges}</p>
      )}
      {preview.skipped.length > 0 && (
        <div className="kg-restore-preview__section">
          <p className="kg-restore-preview__heading">{T.previewSkipped}</p>
          <ul className="kg-history__changes kg-restore-preview__skipped">
            {preview.skipped.map((s) => (
              <li key={`${s.kind}-${s.id}`} className="kg-history__change">
                <span className="kg-history__field">{s.label}</span>: {skippedReason(s)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {addedSince.length > 0 && (
        <div className="kg-restore-preview__section">
          {attachments === 'keep' && (
            <>
              <p className="kg-restore-preview__heading">{T.keptAddedSince}</p>
              <ul className="kg-history__changes kg-restore-preview__kept">
                {addedSince.map((a) => (
                  <li key={a.id} className="kg-history__change">
                    {a.filename}
                  </li>
                ))}
              </ul>
            </>
          )}
          <Checkbox label={T.removeAddedSince(addedSince.length)} checked={attachments === 'match'} onChange={(on) => onAttachments(on ? 'match' : 'keep')} />
        </div>
      )}
    </div>
  );
}

export interface RestoreDialogProps {
  calls: HistoryApi;
  recordId: string;
  /** The entry to go back to; null: the dialog is closed. */
  entry: HistoryEntry | null;
  onClose: () => void;
  /** After the restore: what it changed and left out. */
  onRestored: () => void;
  onFailed: (message: string) => void;
}

/**
 * The restore's confirmation: it lists every change the restore will make — fields, each file
 * removed or brought back, each relation re-created — and what it leaves out and why, as the server
 * previewed it. Files added since the version stay unless the box is ticked. The restore is sent
 * with the preview's basis, so it does exactly what was shown or is refused.
 */
export function RestoreDialog({ calls, recordId, entry, onClose, onRestored, onFailed }: RestoreDialogProps) {
  const [attachments, setAttachments] = useState<RestoreAttachmentMode>('keep');
  const [busy, setBusy] = useState(false);
  /** Set when the record changed between preview and restore: the dialog shows the new preview. */
  const [outdated, setOutdated] = useState(0);
  const state = useRestorePreview(calls, recordId, entry?.id ?? null, attachments, outdated);
  const reset = () => {
    setAttachments('keep');
    setOutdated(0);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const restore = async () => {
    if (!entry || state.status !== 'ready') return;
    setBusy(true);
    try {
      // The preview's version goes as If-Match: a record changed since the preview is refused (412).
      await calls.restore(recordId, entry.id, { attachments, basis: state.preview.basis, version: state.preview.version });
      reset();
      onRestored();
    } catch (err) {
      // Changed since the preview, by content or by version: show the new preview to confirm again.
      if (err instanceof ApiError && (err.code === 'restore_outdated' || err.code === 'edit_conflict')) {
        setOutdated((n) => n + 1);
        return;
      }
      reset();
      onFailed(failureText(err, T.loadError));
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (state.status === 'loading') body = <BlockSpinner label={T.previewLoading} />;
  else if (state.status === 'error')
    body = (
      <Alert severity="error">
        {T.previewFailed} {failureText(state.error, T.loadError)}
      </Alert>
    );
  else body = <PreviewBody preview={state.preview} attachments={attachments} onAttachments={setAttachments} />;

  return (
    <Dialog
      open={entry !== null}
      title={T.restoreTitle}
      onClose={close}
      busy={busy}
      className="kg-restore-dialog"
      actions={
        <>
          <Button variant="text" onClick={close} disabled={busy}>
            {T.cancel}
          </Button>
          <Button onClick={() => void restore()} loading={busy} disabled={state.status !== 'ready'}>
            {T.restoreConfirm}
          </Button>
        </>
      }
    >
      <p>{T.restoreBody}</p>
      {outdated > 0 && <Alert severity="warning">{RESTORE_MESSAGES.outdated}</Alert>}
      {body}
    </Dialog>
  );
}
