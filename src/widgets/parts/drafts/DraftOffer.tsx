import { PRESENCE_TEXTS as T } from '../../../contract/texts/presence';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { formatDate, formatTime } from '../../format';
import type { StoredDraft } from './use-draft';

/** "Restore unsaved changes from {time}?" with Restore and Discard, above the form's fields. */
export function DraftOffer<V>({ offer, onRestore, onDiscard }: { offer: StoredDraft<V> | null; onRestore: () => void; onDiscard: () => void }) {
  if (!offer) return null;
  const today = new Date(offer.savedAt).toDateString() === new Date().toDateString();
  // "02:00 AM" stays on one line: on a phone the offer wrapped between the time and its AM.
  const clock = formatTime(offer.savedAt).replace(/\s/gu, '\u00a0');
  const time = today ? clock : `${formatDate(offer.savedAt, '')} ${clock}`;
  return (
    <Alert severity="info" className="kg-live-notice kg-draft-offer">
      <span className="kg-live-notice__text">{T.restoreDraft(time)}</span>
      <span className="kg-draft-offer__actions">
        <Button variant="text" className="kg-live-notice__reload" onClick={onRestore}>
          {T.restore}
        </Button>
        <Button variant="text" className="kg-live-notice__reload" onClick={onDiscard}>
          {T.discard}
        </Button>
      </span>
    </Alert>
  );
}
