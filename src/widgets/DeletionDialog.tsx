import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { confirmDeleteMachine } from '../machines/confirm-delete.machine';
import { ConfirmDeleteDialog } from '../ui/ConfirmDeleteDialog';

export interface DeletionDialogProps {
  /** The screen's confirm-delete machine: open, typed word, deleting, error all come from it. */
  deletion: ActorRefFrom<typeof confirmDeleteMachine>;
  title: string;
  confirmLabel: string;
  /** The confirm button's text while deleting; absent: the dialog's own ('Deleting...'). */
  busyLabel?: string;
  /** A failure shown in the dialog (admin screens); the curation lists report it as a toast. */
  showError?: boolean;
  /** Known to be refused (see ConfirmDeleteDialog): nothing to type, nothing to press. */
  blocked?: boolean;
  /** What will be deleted and what follows from it. */
  children: ReactNode;
}

/** The delete confirmation of a screen driven by confirmDeleteMachine (spec §4 delete dialogs). */
export function DeletionDialog({ deletion, title, confirmLabel, busyLabel, showError, blocked, children }: DeletionDialogProps) {
  const state = useSelector(deletion, (s) => s.value);
  const { typed, error, word } = useSelector(deletion, (s) => s.context);
  return (
    <ConfirmDeleteDialog
      open={state !== 'closed'}
      title={title}
      word={word || undefined}
      typed={typed}
      onTypedChange={(value) => deletion.send({ type: 'delete.type', value })}
      busy={state === 'deleting'}
      blocked={blocked}
      error={showError ? error : undefined}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      onConfirm={() => deletion.send({ type: 'delete.confirm' })}
      onCancel={() => deletion.send({ type: 'delete.cancel' })}
    >
      {children}
    </ConfirmDeleteDialog>
  );
}
