import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { apiClient } from '../../../api/client';
import type { LiveEntityType } from '../../../contract/live/live-changes';
import type { PresenceKind } from '../../../contract/live/presence';
import { formDialogMachine, isDirty } from '../../../machines/form-dialog.machine';
import { useLatest } from '../../../ui/use-latest';
import { DraftOffer, useDraft } from '../drafts';
import { ChangedBanner, useChangedUnderneath } from './changed-underneath';
import { Presence } from './Presence';

type FormActor<V extends object> = ActorRefFrom<ReturnType<typeof formDialogMachine<V>>>;

const same = <V extends object>(a: V, b: V) => !isDirty({ initial: a, values: b });

function withoutFields<V extends object>(v: V, omitted: string): V {
  if (!omitted) return v;
  const drop = new Set(omitted.split(','));
  return Object.fromEntries(Object.entries(v).filter(([k]) => !drop.has(k))) as V;
}

export interface FormCoCurationProps<V extends object> {
  apiBase: string;
  kind: PresenceKind;
  /** The record edited; absent: a create form (a draft, no presence). */
  id: string | null | undefined;
  /** The dialog's form-dialog machine: its values are kept, restored into it, cleared on save or cancel. */
  form: FormActor<V>;
  /** Fields never written to the browser's storage (passwords). */
  omit?: readonly (keyof V & string)[];
  /** No draft for a form the role cannot submit. */
  canSave?: boolean;
  /** The live-change type of the record, when its changes are sent live (types; not users or roles). */
  live?: LiveEntityType;
}

/**
 * Co-curation on a form dialog (type, user, role): who else is on the record, "{name} is editing this
 * record", a banner when it is saved elsewhere, and the draft kept and offered back. One element at the
 * top of the dialog's fields.
 */
export function FormCoCuration<V extends object>({ apiBase, kind, id, form, omit, canSave = true, live }: FormCoCurationProps<V>) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const values = useSelector(form, (s) => s.context.values);
  const initial = useSelector(form, (s) => s.context.initial);
  // The omitted fields as a string: an inline array is a new one on every render.
  const omitted = (omit ?? []).join(',');
  const keptValues = useMemo(() => withoutFields(values, omitted), [values, omitted]);
  const keptInitial = useMemo(() => withoutFields(initial, omitted), [initial, omitted]);
  const draft = useDraft(api, kind, id, keptValues, keptInitial, same, canSave);
  const changed = useChangedUnderneath(api, live ?? 'node', live ? id : null);
  const latest = useLatest(draft);
  useEffect(() => {
    const subs = [form.on('form.saved', () => latest.current.clear()), form.on('form.cancelled', () => latest.current.clear())];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [form, latest]);
  return (
    <>
      <Presence api={api} kind={kind} id={id} mode="editing" />
      <ChangedBanner change={changed.change} />
      <DraftOffer
        offer={draft.offer}
        onRestore={() => {
          const restored = draft.restore();
          if (restored) form.send({ type: 'form.change', values: restored });
        }}
        onDiscard={draft.discard}
      />
    </>
  );
}
