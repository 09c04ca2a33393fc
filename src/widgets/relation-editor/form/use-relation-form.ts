import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { ApiError, type ApiClient } from '../../../api/client';
import { relationsApi } from '../../../api/knowledge/relations';
import { LIMITS } from '../../../contract/limits';
import { canSeeRelationNotes } from '../../../contract/knowledge/relation-notes';
import { RELATION_TEXTS as T } from '../../../contract/texts/relations';
import { ruleKey, type TypeRules } from '../../../contract/knowledge/relation-type-rules';
import type { Relation } from '../../../contract/knowledge/relations';
import type { User } from '../../../contract/admin/users';
import { confirmDeleteMachine } from '../../../machines/confirm-delete.machine';
import { failureText } from '../../../machines/error-text';
import { formDialogMachine, type FieldErrors, type FormDialogInput } from '../../../machines/form-dialog.machine';
import { useLatest } from '../../../ui/use-latest';
import { useUnsavedChanges } from '../../unsaved-changes';
import { useEditConflict, type EditConflictState, type FieldChoice } from '../../parts/conflict';
import { useDraft } from '../../parts/drafts';
import { isUnderReview, useReviewSettings } from '../../parts/proposals';
import type { ChangeMessage } from '../../../contract/live/live-changes';
import { bodyOf, draftOf, mergeDrafts, relationConflictFields, sameDraft, validateDraft, type ConflictFieldKey, type DraftField, type RelationDraft } from './relation-form';

/**
 * The relation form's state (spec §2 "Relation form", §5), on the form-dialog machine the other
 * add/edit forms use: the draft, its field errors (spec order, also the summary's order), the
 * server's refusal, saving; and, when editing, Delete Relation (the confirm-delete machine).
 */
export const relationFormMachine = formDialogMachine<RelationDraft, Relation>();

export interface RelationFormOptions {
  api: ApiClient;
  user: User;
  mode: 'create' | 'edit';
  relationId?: string;
  rules?: TypeRules;
  initial: RelationDraft;
  /** The version of the relation the draft was made from (edit): every save and delete sends it. */
  version?: number;
  onSaved: (relation: Relation, mode: 'create' | 'edit') => void;
  onDeleted: (relationId: string) => void;
}

/** Spec §5's checks as the machine's field errors; the keys keep the spec's order. */
const fieldErrorsOf = (draft: RelationDraft): FieldErrors<RelationDraft> => Object.fromEntries(validateDraft(draft).map((e) => [e.field, e.message]));

/** The server's own error text; an answer without one (code http_error: only a status line) gets the fallback. */
export function saveFailureText(err: unknown, mode: 'create' | 'edit'): string {
  const fallback = mode === 'edit' ? T.editFailed : T.createFailed;
  if (err instanceof ApiError && err.status === 302) return T.authIssue;
  return err instanceof ApiError && err.code !== 'http_error' ? failureText(err, fallback) : fallback;
}

/** The machine's input: `save` makes the call, `mode()` is read when a failure is worded. */
export function relationFormInput(initial: RelationDraft, save: (draft: RelationDraft) => Promise<Relation>, mode: () => 'create' | 'edit'): FormDialogInput<RelationDraft, Relation> {
  return {
    initial,
    submit: save,
    validate: fieldErrorsOf,
    fallback: mode() === 'edit' ? T.editFailed : T.createFailed,
    errorText: (err) => saveFailureText(err, mode()),
    // The server's refusal stays until the next submit, as it always has.
    keepErrorOnChange: true,
  };
}

export function useRelationForm(o: RelationFormOptions) {
  const calls = useMemo(() => relationsApi(o.api), [o.api]);
  /** Internal notes are shown (and sent) only to users who may read them. */
  const withNote = canSeeRelationNotes(o.user.permissions);
  // Every save says which version it edits: a save over someone else's change opens the comparison.
  const versions = useEditConflict<Relation>(o.version);
  const latest = useLatest({ o, calls, withNote, versions });
  const form = useActorRef(relationFormMachine, {
    input: relationFormInput(
      o.initial,
      (draft) => {
        const { o, calls, withNote, versions } = latest.current;
        const body = bodyOf(draft, withNote);
        const id = o.mode === 'edit' ? o.relationId : undefined;
        return id ? versions.guard((version) => calls.update(id, body, version)) : calls.create(body);
      },
      () => latest.current.o.mode,
    ),
  });
  // Spec §8: the relation's delete failure is one fixed text, whatever the server said; the dialog stays open to try again.
  const deletion = useActorRef(confirmDeleteMachine, { input: { remove: calls.remove, fallback: T.deleteFailed, errorText: () => T.deleteFailed } });
  const { values: draft, fieldErrors, error: failure } = useSelector(form, (s) => s.context);
  const saving = useSelector(form, (s) => s.matches('submitting') || s.matches('saved'));
  const deleting = useSelector(deletion, (s) => s.matches('deleting'));
  const settle = useUnsavedChanges(!sameDraft(draft, o.initial));
  // The role cannot submit this form: it says so at once and shows the fields read-only (as the node form).
  const canSave = o.user.permissions?.includes(o.mode === 'edit' ? 'relations.update' : 'relations.create') ?? false;
  // What was typed survives a reload, a crash or a sign-out until it is saved or discarded.
  const kept = useDraft(o.api, 'relation', o.relationId, draft, o.initial, sameDraft, canSave);
  const summary = useRef<HTMLDivElement>(null);
  // Review mode: the save or the delete became a proposal (202); the form says so and keeps its values.
  const [sent, setSent] = useState(false);
  useFormEvents(form, deletion, summary, useLatest({ settle, o, clearDraft: kept.clear, versions, setSent }));
  const settings = useReviewSettings(o.api);
  const underReview = isUnderReview(settings, 'relation', draft.relationType) || (o.mode === 'edit' && isUnderReview(settings, 'relation', o.initial.relationType));
  const conflict = useRelationConflict(versions, draft, withNote, (values) => form.send({ type: 'form.change', values }), () => form.send({ type: 'form.submit' }));
  /** "Review" on the changed banner: the relation as it now is against the draft, before any save. */
  const review = (change: ChangeMessage) => {
    if (!o.relationId) return Promise.resolve();
    return calls.get(o.relationId).then((current) => versions.review(current, change.actor, change.at));
  };

  const set = (patch: Partial<RelationDraft>) => form.send({ type: 'form.change', values: patch });
  const weightTouched = useRef(false);
  /** A new relation's weight follows the chosen type's default until the user moves the slider. */
  const chooseType = (type: string) => {
    const next = o.rules?.get(ruleKey(type));
    const followWeight = o.mode === 'create' && !weightTouched.current;
    set(followWeight ? { relationType: type, weight: next?.defaultWeight ?? LIMITS.relationWeight.default } : { relationType: type });
  };
  const moveWeight = (weight: number) => {
    weightTouched.current = true;
    set({ weight });
  };
  const submit = () => canSave && form.send({ type: 'form.submit' });
  const errorOf = (field: DraftField) => fieldErrors[field];
  return { form, deletion, draft, fieldErrors, errorOf, failure, saving, sent, underReview, deleting, settle, summary, set, chooseType, moveWeight, canSave, submit, withNote, kept, conflict, review, version: versions.current };
}

type FormRef = ReturnType<typeof useActorRef<typeof relationFormMachine>>;
type DeletionRef = ReturnType<typeof useActorRef<typeof confirmDeleteMachine>>;

/** Saved or deleted: nothing is left to save, and the page goes on. A refused submit reads out the summary. */
function useFormEvents(form: FormRef, deletion: DeletionRef, summary: RefObject<HTMLDivElement | null>, latest: { current: { settle: () => void; o: RelationFormOptions; clearDraft: () => void; versions: { saved: (v: number | undefined) => void }; setSent: (sent: boolean) => void } }) {
  useEffect(() => {
    const subs = [
      form.on('form.saved', ({ result }) => {
        latest.current.versions.saved(result.version);
        latest.current.settle();
        latest.current.clearDraft();
        latest.current.o.onSaved(result, latest.current.o.mode);
      }),
      // Sent for review: nothing changed; leaving must not ask about the values the reviewer now has.
      form.on('form.proposed', () => {
        latest.current.settle();
        latest.current.clearDraft();
        latest.current.setSent(true);
      }),
      deletion.on('delete.proposed', () => latest.current.setSent(true)),
      form.on('form.failed', () => latest.current.setSent(false)),
      // The summary lists the messages in the spec's order; focus there so they are read out.
      form.on('form.invalid', () => requestAnimationFrame(() => summary.current?.focus())),
      deletion.on('delete.done', ({ target }) => {
        latest.current.settle();
        latest.current.o.onDeleted(target.id);
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [form, deletion, summary, latest]);
}

/**
 * The conflict dialog's side of the form (docs/architecture/versions.md): the comparison of the
 * relation as it now is with the draft, and what each choice does. The draft stays the form's.
 */
function useRelationConflict(
  versions: EditConflictState<Relation>,
  draft: RelationDraft,
  withNote: boolean,
  change: (values: Partial<RelationDraft>) => void,
  submit: () => void,
) {
  const error = versions.conflict;
  const theirs = error ? draftOf(error.current) : null;
  return {
    error,
    fields: theirs ? relationConflictFields(theirs, draft, withNote) : [],
    /** Save again, over the new version, with what the user typed. */
    keepMine: () => {
      versions.adopt();
      submit();
    },
    /** The draft becomes the relation as it now is; nothing is written. */
    takeTheirs: () => {
      const current = versions.adopt();
      if (current) change(draftOf(current));
    },
    /** Each field from the side chosen for it, then saved over the new version. */
    choose: (choices: Record<ConflictFieldKey, FieldChoice>) => {
      const current = versions.adopt();
      if (!current) return;
      change(mergeDrafts(draft, draftOf(current), choices));
      submit();
    },
    dismiss: versions.dismiss,
  };
}
