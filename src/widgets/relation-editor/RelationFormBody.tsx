import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, type ApiClient } from '../../api/client';
import { relationsApi } from '../../api/relations';
import { LIMITS } from '../../contract/limits';
import { canSeeRelationNotes } from '../../contract/relation-notes';
import { RELATION_TEXTS as T } from '../../contract/relation-texts';
import { allowedEndTypes, fittingTypes, noFittingNodesText, noFittingTypesText, ruleKey, type TypeRules } from '../../contract/relation-type-rules';
import type { Relation } from '../../contract/relations';
import type { User } from '../../contract/users';
import { confirmDeleteMachine } from '../../machines/confirm-delete.machine';
import { failureText } from '../../machines/error-text';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TrashIcon } from '../../ui/icons';
import { useLatest } from '../../ui/use-latest';
import { DeletionDialog } from '../DeletionDialog';
import { TextField } from '../../ui/TextField';
import { CountedTextArea, StrengthSlider } from './form-fields';
import { NewNodeDialog } from './NewNodeDialog';
import { NodePicker, RelationTypePicker } from './pickers';
import { bodyOf, sameDraft, validateDraft, type DraftField, type FieldError, type RelationDraft } from './relation-form';
import { useUnsavedChanges } from '../unsaved-changes';
import { DraftOffer, useDraft } from '../parts/drafts';

export interface RelationFormBodyProps {
  api: ApiClient;
  user: User;
  mode: 'create' | 'edit';
  relationId?: string;
  types: readonly string[];
  /** lower(relation type name) → its rule: the pickers offer only fitting nodes, the weight starts at the default. */
  rules?: TypeRules;
  initial: RelationDraft;
  canDelete: boolean;
  onSaved: (relation: Relation, mode: 'create' | 'edit') => void;
  onDeleted: (relationId: string) => void;
  onCancel: () => void;
}

/** The relation form's fields, submit (spec §5 checks, then the call) and, when editing, Delete Relation. */
export function RelationFormBody({ api, user, mode, relationId, types, rules, initial, canDelete, onSaved, onDeleted, onCancel }: RelationFormBodyProps) {
  const calls = useMemo(() => relationsApi(api), [api]);
  const [draft, setDraft] = useState(initial);
  const settle = useUnsavedChanges(!sameDraft(draft, initial));
  const kept = useDraft(api, 'relation', relationId, draft, initial, sameDraft, user.permissions?.includes(mode === 'edit' ? 'relations.update' : 'relations.create') ?? false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [newNodeName, setNewNodeName] = useState<string | null>(null);
  // Spec §8: the relation's delete failure is one fixed text, whatever the server said; the dialog stays open to try again.
  const deletion = useActorRef(confirmDeleteMachine, { input: { remove: calls.remove, fallback: T.deleteFailed, errorText: () => T.deleteFailed } });
  const deleting = useSelector(deletion, (s) => s.matches('deleting'));
  const latest = useLatest({ settle, onDeleted });
  useEffect(() => {
    const sub = deletion.on('delete.done', ({ target }) => {
      latest.current.settle(); // deleted: nothing left to save
      latest.current.onDeleted(target.id);
    });
    return () => sub.unsubscribe();
  }, [deletion, latest]);
  const summary = useRef<HTMLDivElement>(null);
  const weightTouched = useRef(false);
  /** Internal notes are shown (and sent) only to users who may read them. */
  const withNote = canSeeRelationNotes(user.permissions);

  const errorOf = (field: DraftField) => errors.find((e) => e.field === field)?.message;
  /** Editing a field clears its error (spec §5). */
  const set = <K extends DraftField>(field: K, value: RelationDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((es) => es.filter((e) => e.field !== field));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving || !canSave) return;
    const found = validateDraft(draft);
    setErrors(found);
    setFailure(null);
    if (found.length > 0) {
      // The summary lists the messages in the spec's order; focus there so they are read out.
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    setSaving(true);
    try {
      const body = bodyOf(draft, withNote);
      const saved = mode === 'edit' && relationId ? await calls.update(relationId, body) : await calls.create(body);
      settle();
      kept.clear();
      onSaved(saved, mode);
    } catch (err) {
      setSaving(false);
      const fallback = mode === 'edit' ? T.editFailed : T.createFailed;
      // The server's own error text; an answer without one (code http_error: only a status line) gets the fallback.
      const serverSaid = err instanceof ApiError && err.code !== 'http_error';
      setFailure(err instanceof ApiError && err.status === 302 ? T.authIssue : serverSaid ? failureText(err, fallback) : fallback);
    }
  };

  // The role cannot submit this form: it says so at once and shows the fields read-only (as the node form).
  const canSave = user.permissions?.includes(mode === 'edit' ? 'relations.update' : 'relations.create') ?? false;
  const busy = saving || deleting;
  const off = busy || !canSave;
  const rule = rules?.get(ruleKey(draft.relationType));
  const sourceTypes = allowedEndTypes(rule, 'source');
  const targetTypes = allowedEndTypes(rule, 'target');
  const noneFits = (end: 'source' | 'target', names: readonly string[] | null) => noFittingNodesText(draft.relationType, end, names);
  // With both ends chosen, only the relation types whose rule fits them; the current type stays
  // (a relation made before its rule is kept and stays editable, as the server allows).
  const ends = draft.source && draft.target ? { source: draft.source.nodeType, target: draft.target.nodeType } : null;
  const offeredTypes = ends && rules ? fittingTypes(types, rules, ends.source, ends.target, draft.relationType || undefined) : types;
  const noTypeFits = ends && offeredTypes.length === 0 ? noFittingTypesText(ends.source, ends.target) : undefined;
  /** A new relation's weight follows the chosen type's default until the user moves the slider. */
  const chooseType = (type: string) => {
    set('relationType', type);
    const next = rules?.get(ruleKey(type));
    if (mode === 'create' && !weightTouched.current) set('weight', next?.defaultWeight ?? LIMITS.relationWeight.default);
  };
  return (
    <>
      <form className="kg-relation-form__form" noValidate onSubmit={(e) => void submit(e)} aria-busy={saving || undefined}>
        {!canSave && <Alert severity="info">{mode === 'edit' ? T.noUpdatePermission : T.noCreatePermission}</Alert>}
        <DraftOffer
          offer={kept.offer}
          onRestore={() => {
            const restored = kept.restore();
            if (restored) setDraft(restored);
          }}
          onDiscard={kept.discard}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <div className="kg-relation-form__grid">
          <NodePicker
            api={api}
            label={T.sourceNode}
            value={draft.source}
            onChange={(node) => {
              set('source', node);
              if (node && draft.target?.id === node.id) set('target', null);
            }}
            error={errorOf('source')}
            disabled={off}
            nodeTypes={sourceTypes}
            noneFitsText={noneFits('source', sourceTypes)}
          />
          <NodePicker
            api={api}
            label={T.targetNode}
            value={draft.target}
            onChange={(node) => set('target', node)}
            excludeId={draft.source?.id}
            onCreateNode={(typed) => setNewNodeName(typed)}
            error={errorOf('target')}
            disabled={off}
            nodeTypes={targetTypes}
            noneFitsText={noneFits('target', targetTypes)}
          />
          <RelationTypePicker types={offeredTypes} value={draft.relationType} onChange={chooseType} error={errorOf('relationType')} disabled={off} noneFitsText={noTypeFits} />
          <TextField
            label={T.relationName}
            required
            value={draft.relationName}
            maxChars={LIMITS.nameMaxLength}
            onChange={(e) => set('relationName', e.currentTarget.value)}
            error={errorOf('relationName')}
            disabled={off}
            autoComplete="off"
          />
          <div className="kg-relation-form__wide">
            <StrengthSlider
              value={draft.weight}
              onChange={(w) => {
                weightTouched.current = true;
                set('weight', w);
              }}
              error={errorOf('weight')} disabled={off} />
          </div>
          <TextField
            className="kg-relation-form__wide"
            label={T.url}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={draft.url}
            onChange={(e) => set('url', e.currentTarget.value)}
            error={errorOf('url')}
            disabled={off}
          />
          <div className="kg-relation-form__wide">
            <CountedTextArea label={T.description} rows={4} max={LIMITS.relationDescriptionMax} value={draft.description} onChange={(v) => set('description', v)} error={errorOf('description')} disabled={off} />
          </div>
          {withNote && (
            <div className="kg-relation-form__wide">
              <CountedTextArea label={T.note} rows={2} max={LIMITS.relationNoteMax} hint={T.noteHint} value={draft.note} onChange={(v) => set('note', v)} error={errorOf('note')} disabled={off} />
            </div>
          )}
        </div>
        {errors.length > 0 && (
          <div ref={summary} tabIndex={-1} className="kg-relation-form__summary" role="alert" aria-label={T.fixErrors}>
            <p>{T.fixErrors}</p>
            <ol>
              {errors.map((e) => (
                <li key={e.field}>{e.message}</li>
              ))}
            </ol>
          </div>
        )}
        <div className="kg-relation-form__actions">
          {mode === 'edit' && canDelete && (
            <Button
              variant="danger"
              className="kg-relation-form__delete"
              startIcon={<TrashIcon />}
              disabled={busy}
              onClick={() => relationId && deletion.send({ type: 'delete.open', target: { id: relationId, name: draft.relationName } })}
            >
              {T.deleteRelation}
            </Button>
          )}
          <Button
            variant="text"
            onClick={() => {
              settle(); // Cancel drops the changes on purpose: no question on the way out
              kept.clear();
              onCancel();
            }}
            disabled={busy}
          >
            {T.cancel}
          </Button>
          <Button type="submit" disabled={off} loading={saving}>
            {saving ? T.saving : T.save}
          </Button>
        </div>
      </form>
      <NewNodeDialog
        open={newNodeName !== null}
        apiBase={api.base}
        user={user}
        initialName={newNodeName ?? ''}
        onSaved={(node) => {
          setNewNodeName(null);
          set('target', { id: node.id, name: node.name, nodeType: node.nodeType, snomedCode: node.snomedCode ?? null });
        }}
        onCancel={() => setNewNodeName(null)}
      />
      <DeletionDialog deletion={deletion} title={T.deleteTitle} confirmLabel={T.delete} busyLabel={T.deleting} showError>
        <p>{T.deleteQuestion}</p>
      </DeletionDialog>
    </>
  );
}
