import { useActorRef, useSelector } from '@xstate/react';
import { DASHBOARD_TEXTS } from '../../../contract/texts/dashboard';
import { useEffect } from 'react';
import { confirmDeleteMachine } from '../../../machines/confirm-delete.machine';
import { ConfirmDeleteDialog } from '../../../ui';
import { useLatest } from '../../../ui/use-latest';
import { ChangedSince } from '../../../widgets/edit-conflict';
import { CONFLICT_TEXTS } from '../../../contract/texts/conflicts';

/** Stands for the name in the translated question (never in a name or a translation). */
const NAME_MARK = '\u0000';

/** One field of the record as the dashboard shows it, for the comparison when it changed since. */
export interface DeleteField {
  key: string;
  label: string;
  value: string;
}

interface DeleteDialogProps<T extends { id: string; version?: number }> {
  /** What to delete; null keeps the dialog closed. */
  target: T | null;
  title: string;
  name: (target: T) => string;
  /**
   * Resolves when deleted; a rejection is reported by the caller (the dialog just closes), except a
   * 412: the record changed since it was shown, and the dialog asks again at its new `version`.
   */
  onConfirm: (target: T, version?: number) => Promise<void>;
  /** The fields compared when the record changed since the user saw it. */
  fields: (record: T) => DeleteField[];
  onClose: () => void;
}

/**
 * "Are you sure you want to delete {name}?" with Cancel / Delete, on confirmDeleteMachine: the
 * caller's `target` opens it, closing is blocked while deleting, and it closes after the call
 * either way (the caller's toast reports the outcome, spec §8).
 */
export function DeleteDialog<T extends { id: string; version?: number }>({ target, title, name, onConfirm, onClose, fields }: DeleteDialogProps<T>) {
  const latest = useLatest({ target, name, onConfirm, onClose });
  const deletion = useActorRef(confirmDeleteMachine, {
    input: {
      // The call is the caller's, on the very target it handed over (the machine knows only its id and name).
      remove: (_id, version) => (latest.current.target ? latest.current.onConfirm(latest.current.target, version) : Promise.resolve()),
      fallback: '',
      closeOnFailure: true,
    },
  });
  const state = useSelector(deletion, (s) => s.value);
  const shown = useSelector(deletion, (s) => s.context.target?.name ?? '');
  const changed = useSelector(deletion, (s) => s.context.changed);

  useEffect(() => {
    // The target alone decides the opening (`name` is a formatter the callers write inline).
    if (target) deletion.send({ type: 'delete.open', target: { id: target.id, name: latest.current.name(target), version: target.version, seen: target } });
  }, [deletion, target, latest]);
  useEffect(() => {
    // Closed by the machine (deleted, failed or cancelled): the caller forgets its target.
    const sub = deletion.subscribe((s) => {
      if (s.matches('closed') && latest.current.target) latest.current.onClose();
    });
    return () => sub.unsubscribe();
  }, [deletion, latest]);

  // The question with the record's name in bold, in any language: the text is split where the name goes.
  const [before = '', after = ''] = DASHBOARD_TEXTS.deleteQuestion(NAME_MARK).split(NAME_MARK);
  return (
    <ConfirmDeleteDialog
      open={state !== 'closed'}
      title={title}
      busy={state === 'deleting'}
      confirmLabel={changed ? CONFLICT_TEXTS.deleteAnyway : DASHBOARD_TEXTS.delete}
      onConfirm={() => deletion.send({ type: 'delete.confirm' })}
      onCancel={() => deletion.send({ type: 'delete.cancel' })}
    >
      {changed && target ? (
        <ChangedSince changed={changed} fields={compared(fields, changed.current as T | null, target)} />
      ) : (
        <p className="kg-dash-dialog__text">
          {before}
          <strong>{shown}</strong>
          {after}
        </p>
      )}
    </ConfirmDeleteDialog>
  );
}

/** Each field now (the record as the 412 gave it) against as the user saw it. */
function compared<T>(fields: (record: T) => DeleteField[], now: T | null, seen: T) {
  const before = fields(seen);
  const after = now ? fields(now) : [];
  return before.map((f) => ({ key: f.key, label: f.label, seen: f.value, now: after.find((a) => a.key === f.key)?.value ?? '' }));
}
