import { useState, type ReactNode, type RefObject } from 'react';
import type { ApiClient } from '../../../api/client';
import { RELATION_TEXTS as T } from '../../../contract/texts/relations';
import type { TypeRules } from '../../../contract/knowledge/relation-type-rules';
import type { Relation } from '../../../contract/knowledge/relations';
import type { User } from '../../../contract/admin/users';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { TrashIcon } from '../../../ui/icons';
import { DeletionDialog } from '../../parts/deletion';
import { ConflictDialog } from '../../parts/conflict';
import { DraftOffer } from '../../parts/drafts';
import { ChangedBanner } from '../../parts/presence';
import { ProposalSentNotice, UnderReviewNote, type NavigateTo } from '../../parts/proposals';
import type { ChangeMessage } from '../../../contract/live/live-changes';
import { NewNodeDialog } from './NewNodeDialog';
import { relationChangedFields, type RelationDraft } from './relation-form';
import { RelationDetailFields, RelationEndsFields } from './relation-form-fields';
import { useRelationForm } from './use-relation-form';

export interface RelationFormBodyProps {
  api: ApiClient;
  user: User;
  mode: 'create' | 'edit';
  relationId?: string;
  types: readonly string[];
  /** lower(relation type name) → its rule: the pickers offer only fitting nodes, the weight starts at the default. */
  rules?: TypeRules;
  initial: RelationDraft;
  /** The version of the relation the draft was made from (edit): saves and deletes send it. */
  version?: number;
  /** Another user's save of this relation while the form is open: the banner offers the comparison. */
  changed?: ChangeMessage | null;
  /** The banner's change was looked at (the comparison opened). */
  onReviewed?: () => void;
  canDelete: boolean;
  onSaved: (relation: Relation, mode: 'create' | 'edit') => void;
  onDeleted: (relationId: string) => void;
  onCancel: () => void;
  /** Shown at the top of the form, above its messages (e.g. who else has the relation open). */
  header?: ReactNode;
  /** Another screen of the app (the sent notice's link to My proposals); absent: no link. */
  onNavigate?: NavigateTo;
}

/**
 * The relation form's fields, submit (spec §5 checks, then the call) and, when editing, Delete
 * Relation. The state is use-relation-form.ts's; the fields are relation-form-fields.tsx's groups.
 */
export function RelationFormBody(p: RelationFormBodyProps) {
  const { api, user, mode, relationId, canDelete, onCancel } = p;
  const f = useRelationForm(p);
  const [newNodeName, setNewNodeName] = useState<string | null>(null);
  const busy = f.saving || f.deleting;
  const fields = { draft: f.draft, errorOf: f.errorOf, set: f.set, off: busy || !f.canSave };
  return (
    <>
      <form
        className="kg-relation-form__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          f.submit();
        }}
        aria-busy={f.saving || undefined}
      >
        {p.header}
        <ChangedBanner
          change={p.changed ?? null}
          onReview={() => {
            const change = p.changed;
            if (change) void f.review(change).then(p.onReviewed, () => undefined);
          }}
        />
        {!f.canSave && <Alert severity="info">{mode === 'edit' ? T.noUpdatePermission : T.noCreatePermission}</Alert>}
        <DraftOffer
          offer={f.kept.offer}
          onRestore={() => {
            const restored = f.kept.restore();
            if (restored) f.set(restored);
          }}
          onDiscard={f.kept.discard}
        />
        {f.sent && <ProposalSentNotice onNavigate={p.onNavigate} />}
        {f.failure && <Alert severity="error">{f.failure}</Alert>}
        <div className="kg-relation-form__grid">
          <RelationEndsFields {...fields} api={api} types={p.types} rules={p.rules} chooseType={f.chooseType} onCreateNode={setNewNodeName} />
          <RelationDetailFields {...fields} moveWeight={f.moveWeight} withNote={f.withNote} />
        </div>
        <ErrorSummary errors={Object.entries(f.fieldErrors)} summaryRef={f.summary} />
        {f.underReview && f.canSave && <UnderReviewNote />}
        <div className="kg-relation-form__actions">
          {mode === 'edit' && canDelete && (
            <Button
              variant="danger"
              className="kg-relation-form__delete"
              startIcon={<TrashIcon />}
              disabled={busy}
              onClick={() => relationId && f.deletion.send({ type: 'delete.open', target: { id: relationId, name: f.draft.relationName, version: f.version(), seen: p.initial } })}
            >
              {T.deleteRelation}
            </Button>
          )}
          <Button
            variant="text"
            onClick={() => {
              f.settle(); // Cancel drops the changes on purpose: no question on the way out
              f.kept.clear();
              onCancel();
            }}
            disabled={busy}
          >
            {T.cancel}
          </Button>
          <Button type="submit" disabled={fields.off} loading={f.saving}>
            {f.saving ? T.saving : T.save}
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
          f.set({ target: { id: node.id, name: node.name, nodeType: node.nodeType, snomedCode: node.snomedCode ?? null } });
        }}
        onCancel={() => setNewNodeName(null)}
      />
      <ConflictDialog
        open={!!f.conflict.error}
        changedBy={f.conflict.error?.changedBy ?? null}
        changedAt={f.conflict.error?.changedAt ?? null}
        fields={f.conflict.fields}
        onKeepMine={f.conflict.keepMine}
        onTakeTheirs={f.conflict.takeTheirs}
        onChoose={f.conflict.choose}
        onCancel={f.conflict.dismiss}
        busy={f.saving}
      />
      <DeletionDialog
        deletion={f.deletion}
        title={T.deleteTitle}
        confirmLabel={T.delete}
        busyLabel={T.deleting}
        showError
        compare={(now, seen) => relationChangedFields(now as Relation, seen as RelationDraft, f.withNote)}
      >
        <p>{T.deleteQuestion}</p>
      </DeletionDialog>
    </>
  );
}

/** Every failed check, in the spec's order, above the buttons (focused after a refused submit). */
function ErrorSummary({ errors, summaryRef }: { errors: [string, string | undefined][]; summaryRef: RefObject<HTMLDivElement | null> }) {
  if (errors.length === 0) return null;
  return (
    <div ref={summaryRef} tabIndex={-1} className="kg-relation-form__summary" role="alert" aria-label={T.fixErrors}>
      <p>{T.fixErrors}</p>
      <ol>
        {errors.map(([field, message]) => (
          <li key={field}>{message}</li>
        ))}
      </ol>
    </div>
  );
}
