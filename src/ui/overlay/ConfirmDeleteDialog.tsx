import type { ReactNode } from 'react';
import { Alert } from '../feedback/Alert';
import { Button } from '../Button';
import { Dialog } from './Dialog';
import { TrashIcon } from '../icons';
import { TextField } from '../form/TextField';
import { UI_TEXTS } from '../../contract/texts/common';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  /** What will be deleted and what follows from it. */
  children: ReactNode;
  /** A word to type before the confirm button works (e.g. DELETE); absent: no typing. */
  word?: string;
  /** With `word`: the text typed so far, and its changes. */
  typed?: string;
  onTypedChange?: (value: string) => void;
  busy: boolean;
  /**
   * The deletion is known to be refused (e.g. a type still in use): the dialog only says why and
   * offers Close: no word to type and no Delete button, as asking to confirm an action that can
   * only fail would be a question with no honest answer.
   */
  blocked?: boolean;
  error?: string | null;
  confirmLabel: string;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A destructive confirmation: the message, an optional "type DELETE" field (the confirm button
 * stays disabled until the word matches exactly), the error of a failed attempt, and a busy
 * state that blocks closing. Focus starts in the word field, else on Cancel.
 */
export function ConfirmDeleteDialog(p: ConfirmDeleteDialogProps) {
  const ready = !p.blocked && (!p.word || p.typed === p.word);
  return (
    <Dialog
      open={p.open}
      title={p.title}
      onClose={p.onCancel}
      busy={p.busy}
      className="kg-dialog--confirm"
      onSubmit={() => {
        if (ready && !p.busy) p.onConfirm();
      }}
      actions={
        p.blocked ? (
          <Button variant="outlined" onClick={p.onCancel}>
            {UI_TEXTS.close}
          </Button>
        ) : (
        <>
          <Button variant="text" onClick={p.onCancel} disabled={p.busy}>
            {UI_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={!ready || p.busy} loading={p.busy} startIcon={<TrashIcon />}>
            {p.busy ? (p.busyLabel ?? UI_TEXTS.deleting) : p.confirmLabel}
          </Button>
        </>
        )
      }
    >
      {p.children}
      {p.word && !p.blocked && (
        <TextField
          label={UI_TEXTS.typeToConfirm(p.word)}
          name="confirm-word"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={p.typed ?? ''}
          disabled={p.busy}
          onChange={(e) => p.onTypedChange?.(e.currentTarget.value)}
        />
      )}
      {p.error && <Alert severity="error">{p.error}</Alert>}
    </Dialog>
  );
}
