import { useState } from 'react';
import type { ApiClient } from '../../../api/client';
import type { ChangeMessage, LiveEntityType } from '../../../contract/live/live-changes';
import { PRESENCE_TEXTS as T } from '../../../contract/texts/presence';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { useLiveChanges } from '../../hooks/use-live-changes';

/**
 * An open form's record saved elsewhere (another user, or another tab): the form is stale.
 * The form keeps what was typed; its next save carries the version it loaded, so the server answers
 * 412 edit_conflict and the form's conflict handling shows the comparison. `clear` after a reload.
 */
export function useChangedUnderneath(api: ApiClient, type: LiveEntityType, id: string | null | undefined): { change: ChangeMessage | null; clear: () => void } {
  const [state, setState] = useState<{ id: string; change: ChangeMessage } | null>(null);
  useLiveChanges(
    api,
    // The same user in another tab counts too: this form's copy is stale either way.
    (c) => c.entityType === type && c.id === id,
    (changes) => {
      const last = changes.at(-1);
      if (id && last) setState({ id, change: last });
    },
    !!id,
  );
  return { change: state && state.id === id ? state.change : null, clear: () => setState(null) };
}

/**
 * "Changed by {name} — review": a banner, never a modal (the form stays usable). `onReview` opens
 * the comparison of the user's values with the record as it is now (the conflict dialog); without
 * it the banner only tells, and the next save leads there.
 */
export function ChangedBanner({ change, onReview }: { change: ChangeMessage | null; onReview?: () => void }) {
  if (!change) return null;
  return (
    <Alert severity="warning" className="kg-live-notice kg-changed-banner">
      <span className="kg-live-notice__text">{T.changedBy(change.actor?.username ?? null)}</span>
      {onReview && (
        <Button variant="text" className="kg-live-notice__reload" onClick={onReview}>
          {T.review}
        </Button>
      )}
    </Alert>
  );
}
