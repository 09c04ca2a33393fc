import { useId, useMemo, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { historyApi, type HistoryKind } from '../../api/history';
import type { HistoryChange, HistoryEntry } from '../../contract/history';
import { HISTORY_ACTION_LABELS, HISTORY_FIELD_LABELS, HISTORY_TEXTS as T } from '../../contract/history-texts';
import { LIMITS } from '../../contract/limits';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ErrorState } from '../../ui/LoadStates';
import { BlockSpinner } from '../../ui/Spinner';
import { Toast } from '../../ui/Toast';
import { formatDate, formatTime } from '../format';
import { useToast } from '../use-toast';
import { useHistory } from './use-history';

export interface HistoryPanelProps {
  api: ApiClient;
  kind: HistoryKind;
  recordId: string;
  /** Update rights: each version can be restored. */
  canRestore: boolean;
  /** After a restore: the owner reloads what it shows of the record. */
  onRestored?: () => void;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** A value as the tab shows it: text as is, an attachment by its file name, nothing as "(empty)". */
function shown(value: unknown): string {
  if (isEmpty(value)) return T.emptyValue;
  if (typeof value === 'object') {
    const filename = (value as { filename?: unknown }).filename;
    return typeof filename === 'string' ? filename : JSON.stringify(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function ChangeLine({ change }: { change: HistoryChange }) {
  return (
    <li className="kg-history__change">
      <span className="kg-history__field">{HISTORY_FIELD_LABELS[change.field] ?? change.field}:</span>{' '}
      {/* Struck through: the value it replaced; "(empty)" replaced nothing. */}
      <span className={isEmpty(change.before) ? 'kg-history__blank' : 'kg-history__before'}>{shown(change.before)}</span>
      <span className="kg-history__arrow" aria-label={T.changedTo}>
        {' → '}
      </span>
      <span className="kg-history__after">{shown(change.after)}</span>
    </li>
  );
}

/**
 * The History tab (issue 16 item 2): who changed what and when, newest first, field by field
 * (before → after), with a Restore button per version for who may edit. Restore asks first, then
 * says it worked in a toast; a refusal (a name now in use, a deleted end node) shows the server's
 * reason. Loaded on its own (lazy part) so the widgets' first screens stay within budget.
 */
export function HistoryPanel({ api, kind, recordId, canRestore, onRestored }: HistoryPanelProps) {
  const calls = useMemo(() => historyApi(api, kind), [api, kind]);
  const history = useHistory(calls, recordId);
  const { toast, show, close } = useToast();
  const [confirming, setConfirming] = useState<HistoryEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const restore = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      await calls.restore(recordId, confirming.id);
      setConfirming(null);
      show(T.restored);
      await history.reload();
      onRestored?.();
    } catch (err) {
      setConfirming(null);
      show(err instanceof Error && err.message ? err.message : T.loadError, 'error');
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (history.status === 'loading') body = <BlockSpinner label={T.loading} />;
  else if (history.status === 'error') body = <ErrorState text={T.loadError} retryLabel={T.retry} onRetry={() => void history.reload()} />;
  else if (history.entries.length === 0) body = <p className="kg-history__empty">{T.empty}</p>;
  else {
    body = (
      <>
        <ol className="kg-history__list">
          {history.entries.map((entry) => (
            <li key={entry.id} className="kg-history__entry">
              <div className="kg-history__meta">
                <span className="kg-history__action">{HISTORY_ACTION_LABELS[entry.action] ?? entry.action}</span>
                <span className="kg-history__who">{entry.actor?.username ?? T.system}</span>
                <time className="kg-history__when" dateTime={entry.at}>
                  {formatDate(entry.at, '')} {formatTime(entry.at)}
                </time>
              </div>
              {entry.changes.length > 0 ? (
                <ul className="kg-history__changes">
                  {entry.changes.map((c) => (
                    <ChangeLine key={c.field} change={c} />
                  ))}
                </ul>
              ) : (
                <p className="kg-history__none">{T.noFieldChanges}</p>
              )}
              {/* A delete entry restores a deleted record; this tab shows an existing one. */}
              {canRestore && entry.restorable && entry.action !== 'delete' && (
                <Button variant="outlined" className="kg-history__restore" onClick={() => setConfirming(entry)} aria-label={`${T.restore}: ${formatDate(entry.at, '')} ${formatTime(entry.at)}`}>
                  {T.restore}
                </Button>
              )}
            </li>
          ))}
        </ol>
        {history.moreFailed && <p className="kg-history__none">{T.loadError}</p>}
        {history.entries.length < history.total && (
          <Button variant="text" className="kg-history__more" loading={history.loadingMore} onClick={() => void history.loadMore()}>
            {T.loadMore}
          </Button>
        )}
      </>
    );
  }

  return (
    <section className="kg-card kg-history" aria-labelledby={titleId}>
      <h3 id={titleId} className="kg-history__title">
        {T.title}
      </h3>
      {body}
      <Dialog
        open={confirming !== null}
        title={T.restoreTitle}
        onClose={() => !busy && setConfirming(null)}
        busy={busy}
        actions={
          <>
            <Button variant="text" onClick={() => setConfirming(null)} disabled={busy}>
              {T.cancel}
            </Button>
            <Button onClick={() => void restore()} loading={busy}>
              {T.restoreConfirm}
            </Button>
          </>
        }
      >
        <p>{T.restoreBody}</p>
      </Dialog>
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </section>
  );
}
