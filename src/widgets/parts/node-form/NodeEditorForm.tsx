import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ApiClient } from '../../../api/client';
import { attachmentsApi, nodesApi } from '../../../api/knowledge/nodes';
import { reviewApi } from '../../../api/knowledge/review';
import { LIMITS } from '../../../contract/limits';
import { NODE_FORM_TEXTS as T } from '../../../contract/texts/nodes';
import type { Attachment, KnowledgeNode, KnowledgeNodeDetail } from '../../../contract/knowledge/nodes';
import { attachmentUploadMachine, uploadProgress } from '../../../machines/uploads/attachment-upload.machine';
import { confirmDeleteMachine } from '../../../machines/confirm-delete.machine';
import { formDialogMachine } from '../../../machines/form-dialog.machine';
import { Alert } from '../../../ui/feedback/Alert';
import { Toast } from '../../../ui/feedback/Toast';
import { useLatest } from '../../../ui/use-latest';
import { DeletionDialog } from '../deletion';
import { useToast } from '../../hooks/use-toast';
import { useUnsavedChanges } from '../../unsaved-changes';
import { ConflictDialog, useEditConflict, type FieldChoice } from '../../parts/conflict';
import { DraftOffer, useDraft } from '../../parts/drafts';
import { isUnderReview, ProposalSentNotice, UnderReviewNote, useReviewSettings, type NavigateTo } from '../../parts/proposals';
import { ChangedBanner, Presence, useChangedUnderneath } from '../../parts/presence';
import { NodeForm } from './NodeForm';
import { emptyValues, NODE_FIELDS, nodeConflictFields, nodeFormInput, sameValues, screenFiles, valuesOf, type NodeField, type NodeFormValues } from './node-form-logic';

/** The form-dialog machine for the node's fields; its save call resolves with the saved node. */
const nodeFormMachine = formDialogMachine<NodeFormValues, KnowledgeNode>();

export interface NodeEditorFormProps {
  api: ApiClient;
  /** The loaded node (edit); null: create. */
  node: KnowledgeNodeDetail | null;
  initialName?: string;
  canSave: boolean;
  /** The page heading (absent inside a dialog). */
  heading: ReactNode;
  embedded?: boolean;
  onSaved: (node: KnowledgeNode, mode: 'create' | 'edit') => void;
  onCancel: () => void;
  /** Another screen of the app (the sent notice's link to My proposals); absent: no link. */
  onNavigate?: NavigateTo;
}

/**
 * The node form once there is something to edit (spec §4 "Node form", "Node create/edit with
 * attachments"). Three machines: the form's (editing → submitting → saved; submitting disables
 * the form), the attachments' (queued while editing, sent one by one once the node is saved, a
 * partial failure shown for 3 s) and the confirm-delete one for an existing attachment. The form
 * stays busy from submit until the caller navigates away.
 */
export function NodeEditorForm({ api, node, initialName, canSave, heading, embedded, onSaved, onCancel, onNavigate }: NodeEditorFormProps) {
  const mode = node ? 'edit' : 'create';
  const calls = useMemo(() => ({ nodes: nodesApi(api), attachments: attachmentsApi(api), review: reviewApi(api) }), [api]);
  // Where the chosen files go: the saved node, or the proposal a create under review became (kept there until approved).
  const fileTarget = useRef<'node' | 'proposal'>('node');
  const [keptFiles, setKeptFiles] = useState(0);
  // Once sent to the proposal, the chosen files are its, no longer waiting for a save.
  const [filesWithProposal, setFilesWithProposal] = useState(false);
  // Every save says which version it edits: a save over someone else's change opens the comparison.
  const versions = useEditConflict<KnowledgeNodeDetail>(node?.version);
  const form = useActorRef(nodeFormMachine, {
    input: nodeFormInput(node ? valuesOf(node) : emptyValues(initialName), node, (body) =>
      node ? versions.guard((version) => calls.nodes.update(node.id, body, version)) : calls.nodes.create(body),
    ),
  });
  const uploads = useActorRef(attachmentUploadMachine, {
    input: {
      upload: (id, file, signal) => (fileTarget.current === 'proposal' ? calls.review.keepFile(id, file, signal) : calls.attachments.upload(id, file, signal)),
      failedDelayMs: LIMITS.redirectAfterPartialFailureMs,
    },
  });
  const deletion = useActorRef(confirmDeleteMachine, {
    // Spec §8: the fixed text whatever the server said; the dialog closes either way (the toast tells).
    input: {
      // Removing a file moves the node's version on; the form goes on from the version it produced.
      remove: (id) => versions.guard((version) => calls.attachments.remove(node!.id, id, version).then(() => versions.saved(version === undefined ? undefined : version + 1))),
      fallback: T.attachmentDeleteFailed, errorText: () => T.attachmentDeleteFailed, closeOnFailure: true },
  });
  const { values, fieldErrors: errors, error: formError, initial, proposal } = useSelector(form, (s) => s.context);
  // Review mode: a save of a type under review becomes a proposal (202); the form says so before and after.
  const reviewSettings = useReviewSettings(api);
  const underReview = isUnderReview(reviewSettings, 'node', values.nodeType) || (!!node && isUnderReview(reviewSettings, 'node', node.nodeType));
  // Saved: the uploads and then the caller's navigation follow; the form stays disabled throughout.
  const busy = useSelector(form, (s) => s.matches('submitting') || s.matches('saved'));
  const { queue, fileError } = useSelector(uploads, (s) => s.context);
  const uploading = useSelector(uploads, (s) => (s.matches('uploading') ? uploadProgress(s.context) : null));
  const partial = useSelector(uploads, (s) => (s.matches('failed') || s.matches('finished') ? s.context.failed.length : 0));
  const [existing, setExisting] = useState<Attachment[]>(node?.attachments ?? []);
  const { toast, show, close } = useToast();
  const root = useRef<HTMLDivElement>(null);
  const settle = useUnsavedChanges(!sameValues(values, initial) || queue.length > 0);
  // Co-curation: what was typed survives a reload; another user's save marks the form stale.
  const draft = useDraft(api, 'node', node?.id, values, initial, sameValues, canSave);
  const changed = useChangedUnderneath(api, 'node', node?.id);
  const latest = useLatest({ onSaved, onCancel, settle, show, versions, draft });
  const conflict = versions.conflict;
  const conflictFields = conflict ? nodeConflictFields(valuesOf(conflict.current), values) : [];
  const takeTheirs = (choices?: Record<NodeField, FieldChoice>) => {
    const current = versions.adopt();
    if (!current) return null;
    const theirs = valuesOf(current);
    setExisting(current.attachments);
    if (!choices) return theirs;
    const merged = { ...values };
    for (const key of NODE_FIELDS) if (choices[key] === 'theirs') Object.assign(merged, { [key]: theirs[key] });
    return merged;
  };

  // "Review": the record as it now is against what was typed, in the conflict dialog; the form keeps its values.
  const review = () => {
    const change = changed.change;
    if (!node || !change) return;
    void calls.nodes.get(node.id).then(
      (current) => {
        changed.clear();
        versions.review(current, change.actor, change.at);
      },
      () => show(T.loadFailed, 'error'),
    );
  };

  useEffect(() => {
    // Files kept with a proposal: the form stays (nothing was saved) and says how many went with it.
    const saved = () => {
      if (fileTarget.current === 'proposal') {
        const { sending, failed } = uploads.getSnapshot().context;
        setKeptFiles(sending.length - failed.length);
        setFilesWithProposal(true);
      }
      else latest.current.onSaved(form.getSnapshot().context.result!, mode);
    };
    const subs = [
      form.on('form.saved', ({ result }) => {
        latest.current.versions.saved(result.version);
        // Saved: leaving for the node's page must not ask about these changes.
        latest.current.settle();
        latest.current.draft.clear();
        // The node exists now; the files go one call each (spec §7), and a failure does not undo the node.
        uploads.send({ type: 'upload.start', nodeId: result.id });
      }),
      form.on('form.cancelled', () => {
        latest.current.settle(); // Cancel is the user's choice to drop the changes: no question on the way out
        latest.current.draft.clear();
        latest.current.onCancel();
      }),
      // Sent for review: nothing was saved. A new node's chosen files go to its proposal, which keeps
      // them until a reviewer approves it (then they become the node's). The values stay; leaving must not ask about them.
      form.on('form.proposed', ({ proposal }) => {
        latest.current.settle();
        latest.current.draft.clear();
        if (mode === 'create' && uploads.getSnapshot().context.queue.length > 0) {
          fileTarget.current = 'proposal';
          uploads.send({ type: 'upload.start', nodeId: proposal.id });
        }
        root.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      }),
      form.on('form.failed', () => root.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })),
      form.on('form.invalid', () => requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())),
      uploads.on('upload.done', saved),
      // A partial failure: the notice shows for 3 s (the machine's delay), then the caller navigates.
      uploads.on('upload.finished', saved),
      deletion.on('delete.done', ({ target }) => {
        setExisting((list) => list.filter((a) => a.id !== target.id));
        latest.current.show(T.attachmentDeleted);
      }),
      deletion.on('delete.failed', () => latest.current.show(T.attachmentDeleteFailed, 'error')),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [form, uploads, deletion, latest, mode]);

  const alerts = (
    <>
      <Presence api={api} kind="node" id={node?.id} mode="editing" />
      <ChangedBanner change={changed.change} onReview={node ? review : undefined} />
      <DraftOffer
        offer={draft.offer}
        onRestore={() => {
          const restored = draft.restore();
          if (restored) form.send({ type: 'form.change', values: restored });
        }}
        onDiscard={draft.discard}
      />
      {!canSave && <Alert severity="info">{mode === 'edit' ? T.noUpdatePermission : T.noCreatePermission}</Alert>}
      {proposal && <ProposalSentNotice keptFiles={keptFiles} onNavigate={onNavigate} />}
      {formError && <Alert severity="error">{formError}</Alert>}
      {uploading && <Alert severity="info">{T.uploading(uploading.done, uploading.total)}</Alert>}
      {partial > 0 && <Alert severity="warning">{(mode === 'edit' ? T.partialUpdate : T.partialCreate)(partial, queue.length)}</Alert>}
    </>
  );

  return (
    <div className="kg-node-editor" data-embedded={embedded || undefined} data-stale={changed.change ? '' : undefined} ref={root}>
      {heading}
      <NodeForm
        api={api}
        mode={mode}
        nodeId={node?.id}
        values={values}
        onChange={(patch) => form.send({ type: 'form.change', values: patch })}
        errors={errors}
        typeLocked={(node?.relationCount ?? 0) > 0}
        existing={existing}
        onDeleteExisting={(a) => deletion.send({ type: 'delete.open', target: { id: a.id, name: a.filename } })}
        queued={filesWithProposal ? [] : queue}
        onAddFiles={(files) => {
          const { accepted, error } = screenFiles(files);
          uploads.send({ type: 'files.add', files: accepted, error });
        }}
        onRemoveQueued={(index) => uploads.send({ type: 'files.remove', index })}
        fileError={fileError}
        busy={busy}
        readOnly={!canSave}
        alerts={alerts}
        beforeActions={underReview && canSave ? <UnderReviewNote attachments={mode === 'create'} /> : undefined}
        onSubmit={() => form.send({ type: 'form.submit' })}
        onCancel={() => form.send({ type: 'form.cancel' })}
      />
      <DeletionDialog deletion={deletion} title={T.deleteAttachmentTitle} confirmLabel={T.delete} >
        <AttachmentQuestion deletion={deletion} />
      </DeletionDialog>
      <ConflictDialog
        open={!!conflict}
        changedBy={conflict?.changedBy ?? null}
        changedAt={conflict?.changedAt ?? null}
        fields={conflictFields}
        onKeepMine={() => {
          versions.adopt();
          form.send({ type: 'form.submit' });
        }}
        onTakeTheirs={() => {
          const theirs = takeTheirs();
          if (theirs) form.send({ type: 'form.change', values: theirs });
        }}
        onChoose={(choices) => {
          const merged = takeTheirs(choices);
          if (!merged) return;
          form.send({ type: 'form.change', values: merged });
          form.send({ type: 'form.submit' });
        }}
        onCancel={versions.dismiss}
      />
      <Toast toast={toast} onClose={close} />
    </div>
  );
}

/** 'Are you sure you want to delete {filename}?' for the attachment the dialog was opened for. */
function AttachmentQuestion({ deletion }: { deletion: Parameters<typeof DeletionDialog>[0]['deletion'] }) {
  const filename = useSelector(deletion, (s) => s.context.target?.name);
  return <p className="kg-node-form__confirm">{filename && T.deleteAttachmentConfirm(filename)}</p>;
}
