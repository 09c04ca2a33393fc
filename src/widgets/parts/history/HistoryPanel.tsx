import { useId, useMemo, useState } from 'react';
import type { ApiClient } from '../../../api/client';
import { historyApi, type HistoryKind } from '../../../api/knowledge/history';
import type { HistoryEntry } from '../../../contract/knowledge/history';
import { HISTORY_ACTION_LABELS, HISTORY_TEXTS as T } from '../../../contract/texts/history';
import { LIMITS } from '../../../contract/limits';
import { Button } from '../../../ui/Button';
import { ErrorState } from '../../../ui/feedback/LoadStates';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import { Toast } from '../../../ui/feedback/Toast';
import { formatDate, formatTime } from '../../format';
import { useToast } from '../../hooks/use-toast';
import { ChangeLine } from './ChangeLine';
import { RestoreDialog } from './RestoreDialog';
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

/**
 * The History tab: who changed what and when, newest first, field by field
 * (before → after), with a Restore button per version for who may edit. Restore asks first, listing
 * every change it will make (RestoreDialog), then says it worked in a toast; a refusal (a name now
 * in use, a deleted end node) shows the reason. Loaded on its own (lazy part) so the widgets' first screens stay within budget.
 */
export function HistoryPanel({ api, kind, recordId, canRestore, onRestored }: HistoryPanelProps) {
  const calls = useMemo(() => historyApi(api, kind), [api, kind]);
  const history = useHistory(calls, recordId);
  const { toast, show, close } = useToast();
  const [confirming, setConfirming] = useState<HistoryEntry | null>(null);
  const titleId = useId();

  const restored = async () => {
    setConfirming(null);
    show(T.restored);
    await history.reload();
    onRestored?.();
  };
  const failed = (message: string) => {
    setConfirming(null);
    show(message, 'error');
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
                  {entry.changes.map((c, i) => (
                    <ChangeLine key={`${c.field}-${i}`} change={c} />
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
      <RestoreDialog calls={calls} recordId={recordId} entry={confirming} onClose={() => setConfirming(null)} onRestored={() => void restored()} onFailed={failed} />
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </section>
  );
}
