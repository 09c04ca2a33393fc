import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { formDialogMachine } from '../../../machines/form-dialog.machine';
import { ConflictDialog, type EditConflictState } from '../conflict';

type FormActor<V extends object> = ActorRefFrom<ReturnType<typeof formDialogMachine<V>>>;

/** One field of an admin form in the comparison: its label and how a value of it reads. */
export interface FormConflictField<V extends object> {
  key: keyof V & string;
  label: string;
  /** The field as text (default: the value itself). */
  show?: (values: V) => string;
}

export interface FormConflictProps<V extends object, T extends { version?: number }> {
  /** The dialog's `useEditConflict`: its save runs through `guard`, so a 412 lands here. */
  versions: EditConflictState<T>;
  /** The dialog's form-dialog machine: what the user typed stays in it whatever the choice. */
  form: FormActor<V>;
  /** The record as it now is, as the form's values (what "take theirs" puts into the form). */
  valuesOf: (current: T) => V;
  fields: readonly FormConflictField<V>[];
  /** The record as it now is, once the form goes on from it (the owner's list shows it too). */
  onAdopted?: (current: T) => void;
}

/**
 * The edit-conflict dialog on an admin form dialog (types, users, roles; docs/architecture/versions.md).
 * Keep mine saves the form's values over the new version; take theirs puts the record as it now is
 * into the form (saved only when the user saves); per field merges both and saves.
 */
export function FormConflict<V extends object, T extends { version?: number }>({ versions, form, valuesOf, fields, onAdopted }: FormConflictProps<V, T>) {
  const values = useSelector(form, (s) => s.context.values);
  const conflict = versions.conflict;
  const theirs = conflict ? valuesOf(conflict.current) : null;
  const text = (f: FormConflictField<V>, v: V) => (f.show ? f.show(v) : String(v[f.key] ?? ''));
  const adopt = () => {
    const current = versions.adopt();
    if (current) onAdopted?.(current);
    return current;
  };
  return (
    <ConflictDialog<keyof V & string>
      open={!!conflict}
      changedBy={conflict?.changedBy ?? null}
      changedAt={conflict?.changedAt ?? null}
      fields={theirs ? fields.map((f) => ({ key: f.key, label: f.label, theirs: text(f, theirs), yours: text(f, values) })) : []}
      onKeepMine={() => {
        adopt();
        form.send({ type: 'form.submit' });
      }}
      onTakeTheirs={() => {
        const current = adopt();
        if (current) form.send({ type: 'form.change', values: valuesOf(current) });
      }}
      onChoose={(choices) => {
        const current = adopt();
        if (!current) return;
        const next = valuesOf(current);
        const merged: Partial<V> = {};
        for (const f of fields) merged[f.key] = choices[f.key] === 'theirs' ? next[f.key] : values[f.key];
        form.send({ type: 'form.change', values: merged });
        form.send({ type: 'form.submit' });
      }}
      onCancel={versions.dismiss}
    />
  );
}
