import { PROPOSAL_LIMITS } from '../../contract/knowledge/review';
import { REVIEW_QUEUE_TEXTS as T } from '../../contract/texts/knowledge/review-queue';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/form/TextArea';
import { Dialog } from '../../ui/overlay/Dialog';

export interface RejectDialogProps {
  count: number;
  reason: string;
  /** The server's refusal of the reason (an empty one). */
  error: string | null;
  busy: boolean;
  onReason: (value: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** One reason for every proposal rejected at once; the server says when it is missing. */
export function RejectDialog({ count, reason, error, busy, onReason, onConfirm, onCancel }: RejectDialogProps) {
  return (
    <Dialog
      open
      title={T.rejectTitle(count)}
      onClose={onCancel}
      busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
      }}
      actions={
        <>
          <Button variant="text" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy} loading={busy}>
            {T.reject}
          </Button>
        </>
      }
    >
      <TextAreaField label={T.reasonLabel} required rows={3} maxChars={PROPOSAL_LIMITS.reasonMax} helperText={T.reasonHelp} value={reason} error={error} onChange={(e) => onReason(e.currentTarget.value)} />
    </Dialog>
  );
}
