import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { confirmDeleteMachine } from '../../../machines/confirm-delete.machine';
import { CONFLICT_TEXTS } from '../../../contract/texts/conflicts';
import { useEver } from '../../hooks/use-ever';
import { ChangedSince, type ComparedField } from './ChangedSince';

// The dialog (and the UI kit's Dialog under it) loads when a delete is first asked for, not with the
// screen: six elements show it, none at first render (their size budgets: bench/bundle).
const ConfirmDeleteDialog = lazy(() => import('../../../ui/overlay/ConfirmDeleteDialog').then((m) => ({ default: m.ConfirmDeleteDialog })));

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
  /**
   * The fields of the record as it now is against as the user saw it (the target's `seen`), for a
   * delete refused because it changed since: the dialog shows them and asks again.
   */
  compare?: (now: unknown, seen: unknown) => ComparedField[];
}

/** The delete confirmation of a screen driven by confirmDeleteMachine (spec §4 delete dialogs). */
export function DeletionDialog({ deletion, title, confirmLabel, busyLabel, showError, blocked, children, compare }: DeletionDialogProps) {
  const state = useSelector(deletion, (s) => s.value);
  const { typed, error, word, changed, target } = useSelector(deletion, (s) => s.context);
  const needed = useEver(state !== 'closed');
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDeleteDialog
        open={state !== 'closed'}
        title={title}
        word={word || undefined}
        typed={typed}
        onTypedChange={(value) => deletion.send({ type: 'delete.type', value })}
        busy={state === 'deleting'}
        blocked={blocked}
        error={showError ? error : undefined}
        confirmLabel={changed ? CONFLICT_TEXTS.deleteAnyway : confirmLabel}
        busyLabel={busyLabel}
        onConfirm={() => deletion.send({ type: 'delete.confirm' })}
        onCancel={() => deletion.send({ type: 'delete.cancel' })}
      >
        {changed ? <ChangedSince changed={changed} fields={compare ? compare(changed.current, target?.seen) : []} /> : children}
      </ConfirmDeleteDialog>
    </Suspense>
  );
}
