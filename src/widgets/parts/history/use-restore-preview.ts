import { useEffect, useState } from 'react';
import type { HistoryApi } from '../../../api/knowledge/history';
import type { RestoreAttachmentMode, RestorePreview } from '../../../contract/knowledge/history';

export type PreviewState = { status: 'loading' } | { status: 'ready'; preview: RestorePreview } | { status: 'error'; error: unknown };

/**
 * What restoring `eventId` would change, asked again whenever the attachment choice changes (or
 * `round` moves on: the record changed meanwhile); an answer to an older question (or after the dialog closed) is dropped.
 */
export function useRestorePreview(calls: HistoryApi, recordId: string, eventId: string | null, attachments: RestoreAttachmentMode, round = 0): PreviewState {
  const key = `${recordId} ${eventId} ${attachments} ${round}`;
  // Keyed by the question, so a reopened dialog never shows (or restores with) an older answer.
  const [answer, setAnswer] = useState<{ key: string; state: PreviewState } | null>(null);
  useEffect(() => {
    if (eventId === null) return;
    const abort = new AbortController();
    calls.preview(recordId, eventId, attachments, abort.signal).then(
      (preview) => !abort.signal.aborted && setAnswer({ key, state: { status: 'ready', preview } }),
      (error: unknown) => !abort.signal.aborted && setAnswer({ key, state: { status: 'error', error } }),
    );
    return () => abort.abort();
  }, [calls, recordId, eventId, attachments, key]);
  return answer?.key === key ? answer.state : { status: 'loading' };
}
