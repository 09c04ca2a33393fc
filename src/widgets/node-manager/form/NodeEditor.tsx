import { useEffect, useMemo, useRef, useState } from 'react';
import { apiClient } from '../../../api/client';
import { attachmentsApi, nodesApi } from '../../../api/nodes';
import { isNotFound } from '../../../api/not-found';
import { LIMITS } from '../../../contract/limits';
import { NODE_FORM_TEXTS as T } from '../../../contract/node-form-texts';
import type { Attachment, KnowledgeNode, KnowledgeNodeDetail } from '../../../contract/nodes';
import type { User } from '../../../contract/users';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDeleteDialog';
import { NotFoundState } from '../../../ui/LoadStates';
import { BlockSpinner } from '../../../ui/Spinner';
import { Toast } from '../../../ui/Toast';
import { useToast } from '../../use-toast';
import { useUnsavedChanges } from '../../unsaved-changes';
import { NodeForm } from './NodeForm';
import { emptyValues, sameValues, saveBody, saveErrorMessage, screenFiles, validate, valuesOf, type NodeFormErrors, type NodeFormValues } from './node-form-logic';
import { useLatest } from '../../../ui/use-latest';

/**
 * The shared create/edit node form (spec §2 "Create and edit node pages"): loads the node in edit
 * mode, the node-type and SNOMED pickers, attachments, submit with partial-failure handling.
 * Used by the host's /nodes/new and /nodes/{id}/edit pages, by kg-node-manager's create/edit
 * views and, in a dialog, by the relation form's '+ Create New Node'.
 */
export interface NodeEditorProps {
  /** Server origin ('' = this page's origin). */
  apiBase: string;
  user: User;
  /** Edit this node; absent = create a new one. */
  nodeId?: string;
  /** Create mode: prefill the name (e.g. what was typed in a picker). */
  initialName?: string;
  /**
   * After a successful save and the attachment uploads (after the 3 s notice when some attachments
   * failed). The caller navigates: /nodes after create, the node view after edit, or back to a relation form.
   */
  onSaved: (node: KnowledgeNode, mode: 'create' | 'edit') => void;
  onCancel: () => void;
  /** Edit mode, the node does not exist: the way back to the list (default: onCancel). */
  onBackToList?: () => void;
  /** Inside a dialog: no page heading, the dialog gives the title. */
  embedded?: boolean;
}

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'not-found' } | { status: 'ready'; node: KnowledgeNodeDetail | null };

/** Edit of an id that names no node (issue 18 item 5). */

/** One form per node: switching `nodeId` (or to create mode) starts from a clean form. */
export function NodeEditor(props: NodeEditorProps) {
  return <NodeEditorBody key={props.nodeId ?? 'new'} {...props} />;
}

function NodeEditorBody({ apiBase, user, nodeId, initialName, onSaved, onCancel, onBackToList, embedded }: NodeEditorProps) {
  const mode = nodeId ? 'edit' : 'create';
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const [loaded, setLoaded] = useState<Loaded>(nodeId ? { status: 'loading' } : { status: 'ready', node: null });
  const [values, setValues] = useState<NodeFormValues>(() => emptyValues(initialName));
  const [errors, setErrors] = useState<NodeFormErrors>({});
  const [existing, setExisting] = useState<Attachment[]>([]);
  const [queued, setQueued] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { toast, show, close } = useToast();
  const root = useRef<HTMLDivElement>(null);
  const savedLater = useRef<ReturnType<typeof setTimeout>>(undefined);
  const callbacks = useLatest({ onSaved });
  const baseline = useMemo(() => (loaded.status !== 'ready' ? null : loaded.node ? valuesOf(loaded.node) : emptyValues(initialName)), [loaded, initialName]);
  const settle = useUnsavedChanges(!!baseline && (!sameValues(values, baseline) || queued.length > 0));

  useEffect(() => {
    if (!nodeId) return;
    let live = true;
    nodesApi(api)
      .get(nodeId)
      .then(
        (node) => {
          if (!live) return;
          setValues(valuesOf(node));
          setExisting(node.attachments);
          setLoaded({ status: 'ready', node });
        },
        (err: unknown) => live && setLoaded({ status: isNotFound(err) ? 'not-found' : 'error' }),
      );
    return () => {
      live = false;
    };
  }, [api, nodeId]);

  useEffect(() => () => clearTimeout(savedLater.current), []);

  // The spec asks for this heading beside the page title (§2: 'Create Knowledge Node' under
  // 'Create New Knowledge Node'), so it stays in the app too, unlike the other screens' titles.
  const heading = !embedded && <h2 className="kg-node-form__title">{mode === 'edit' ? T.editHeading : T.createHeading}</h2>;

  if (loaded.status === 'not-found') {
    return <NotFoundState title={T.notFoundTitle} text={T.notFoundText} backLabel={T.backToList} onBack={onBackToList ?? onCancel} />;
  }
  if (loaded.status !== 'ready') {
    return (
      <div className="kg-node-editor" data-embedded={embedded || undefined}>
        {heading}
        {loaded.status === 'loading' ? (
          <BlockSpinner />
        ) : (
          <div className="kg-node-form__failed">
            <Alert severity="error">{T.loadFailed}</Alert>
            <Button variant="outlined" onClick={onCancel}>
              {T.cancel}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const node = loaded.node;
  const canSave = user.permissions?.includes(mode === 'edit' ? 'nodes.update' : 'nodes.create') ?? false;

  const change = (patch: Partial<NodeFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // Editing a field clears its message.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };

  const submit = async () => {
    const found = validate(values, node?.id);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    setFormError(null);
    let saved: KnowledgeNode;
    try {
      saved = node ? await nodesApi(api).update(node.id, saveBody(values, node)) : await nodesApi(api).create(saveBody(values));
    } catch (err) {
      setFormError(saveErrorMessage(err, mode));
      setBusy(false);
      root.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      return;
    }
    // Saved: leaving for the node's page must not ask about these changes.
    settle();
    // The node exists now; the files go one call each (spec §7), and a failure does not undo the node.
    let failed = 0;
    for (const file of queued) {
      try {
        await attachmentsApi(api).upload(saved.id, file);
      } catch {
        failed += 1;
      }
    }
    if (failed === 0) return callbacks.current.onSaved(saved, mode);
    setNotice(mode === 'edit' ? T.partialUpdate(failed, queued.length) : T.partialCreate(failed, queued.length));
    savedLater.current = setTimeout(() => callbacks.current.onSaved(saved, mode), LIMITS.redirectAfterPartialFailureMs);
  };

  const deleteAttachment = async (attachment: Attachment) => {
    if (!node) return;
    setDeleting(true);
    try {
      await attachmentsApi(api).remove(node.id, attachment.id);
      setExisting((list) => list.filter((a) => a.id !== attachment.id));
      show(T.attachmentDeleted);
    } catch {
      show(T.attachmentDeleteFailed, 'error');
    } finally {
      setDeleting(false);
      setConfirm(null);
    }
  };

  const alerts = (
    <>
      {!canSave && <Alert severity="info">{mode === 'edit' ? T.noUpdatePermission : T.noCreatePermission}</Alert>}
      {formError && <Alert severity="error">{formError}</Alert>}
      {notice && <Alert severity="warning">{notice}</Alert>}
    </>
  );

  return (
    <div className="kg-node-editor" data-embedded={embedded || undefined} ref={root}>
      {heading}
      <NodeForm
        api={api}
        mode={mode}
        nodeId={node?.id}
        values={values}
        onChange={change}
        errors={errors}
        typeLocked={(node?.relationCount ?? 0) > 0}
        existing={existing}
        onDeleteExisting={setConfirm}
        queued={queued}
        onAddFiles={(files) => {
          const { accepted, error } = screenFiles(files);
          setFileError(error);
          setQueued((q) => [...q, ...accepted]);
        }}
        onRemoveQueued={(index) => setQueued((q) => q.filter((_, i) => i !== index))}
        fileError={fileError}
        busy={busy}
        readOnly={!canSave}
        alerts={alerts}
        onSubmit={() => void submit()}
        onCancel={() => {
          settle(); // Cancel is the user's choice to drop the changes: no question on the way out
          onCancel();
        }}
      />
      <ConfirmDeleteDialog
        open={confirm !== null}
        title={T.deleteAttachmentTitle}
        busy={deleting}
        confirmLabel={T.delete}
        onConfirm={() => confirm && void deleteAttachment(confirm)}
        onCancel={() => setConfirm(null)}
      >
        <p className="kg-node-form__confirm">{confirm && T.deleteAttachmentConfirm(confirm.filename)}</p>
      </ConfirmDeleteDialog>
      <Toast toast={toast} onClose={close} />
    </div>
  );
}
