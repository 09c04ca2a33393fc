import { DASHBOARD_TEXTS } from './texts';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../ui';

interface DeleteDialogProps<T> {
  /** What to delete; null keeps the dialog closed. */
  target: T | null;
  title: string;
  name: (target: T) => string;
  /** Resolves when deleted; a rejection is reported by the caller (the dialog just closes). */
  onConfirm: (target: T) => Promise<void>;
  onClose: () => void;
}

/** "Are you sure you want to delete {name}?" with Cancel / Delete; closing is blocked while deleting. */
export function DeleteDialog<T>({ target, title, name, onConfirm, onClose }: DeleteDialogProps<T>) {
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDeleteDialog
      open={target !== null}
      title={title}
      busy={busy}
      confirmLabel={DASHBOARD_TEXTS.delete}
      onCancel={onClose}
      onConfirm={() => {
        if (!target) return;
        setBusy(true);
        void onConfirm(target).finally(() => {
          setBusy(false);
          onClose();
        });
      }}
    >
      <p className="kg-dash-dialog__text">
        {DASHBOARD_TEXTS.deleteQuestion(target ? name(target) : '')}
      </p>
    </ConfirmDeleteDialog>
  );
}
