import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import type { ApiClient } from '../../../api/client';
import type { Attachment } from '../../../contract/knowledge/nodes';
import { LIMITS } from '../../../contract/limits';
import { NODE_FORM_TEXTS as T, NODE_MESSAGES } from '../../../contract/texts/nodes';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/form/TextArea';
import { TextField } from '../../../ui/form/TextField';
import { AttachmentsField } from './AttachmentsField';
import { snomedInUse, type NodeFormErrors, type NodeFormValues } from './node-form-logic';
import { NodeTypePicker, SnomedPicker } from './pickers';

export interface NodeFormProps {
  api: ApiClient;
  mode: 'create' | 'edit';
  /** The node being edited: its own SNOMED code is not "in use". */
  nodeId?: string | null;
  values: NodeFormValues;
  onChange: (patch: Partial<NodeFormValues>) => void;
  errors: NodeFormErrors;
  /** Edit mode with relations: the type cannot change (the server refuses it too). */
  typeLocked: boolean;
  existing: readonly Attachment[];
  onDeleteExisting: (attachment: Attachment) => void;
  queued: readonly File[];
  onAddFiles: (files: File[]) => void;
  onRemoveQueued: (index: number) => void;
  fileError: string | null;
  /** Saving or uploading: every control is disabled and the submit button spins. */
  busy: boolean;
  /** No permission to save: the fields are shown but cannot be used. */
  readOnly: boolean;
  /** Alerts above the fields (save error, partial upload failure, permission note). */
  alerts?: ReactNode;
  /** Above the buttons: e.g. that a save of this type goes to a reviewer first. */
  beforeActions?: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * Enter in a single-line field must not submit (spec §2); on buttons it still activates them,
 * and in the multiline fields it still starts a new line.
 */
function blockEnterSubmit(e: KeyboardEvent<HTMLFormElement>) {
  const target = e.target as HTMLElement;
  if (e.key === 'Enter' && target instanceof HTMLInputElement) e.preventDefault();
}

/** The shared node form (spec §2 "Create and edit node pages"): fields, pickers, attachments and buttons. */
export function NodeForm(p: NodeFormProps) {
  const off = p.busy || p.readOnly;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!off) p.onSubmit();
  };
  return (
    <form className="kg-node-form" noValidate onSubmit={submit} onKeyDown={blockEnterSubmit} aria-busy={p.busy || undefined}>
      {p.alerts}
      <div className="kg-node-form__grid">
        <TextField
          label={T.name}
          name="name"
          required
          autoComplete="off"
          value={p.values.name}
          maxChars={LIMITS.nameMaxLength}
          disabled={off}
          error={p.errors.name}
          onChange={(e) => p.onChange({ name: e.currentTarget.value })}
        />
        <NodeTypePicker
          api={p.api}
          value={p.values.nodeType}
          onChange={(nodeType) => p.onChange({ nodeType })}
          disabled={off || p.typeLocked}
          error={p.errors.nodeType}
          helperText={p.typeLocked ? NODE_MESSAGES.typeLocked : undefined}
        />
        <SnomedPicker
          api={p.api}
          value={p.values.snomed}
          onChange={(snomed) => p.onChange({ snomed })}
          disabled={off}
          nodeId={p.nodeId}
          error={p.errors.snomed ?? snomedInUse(p.values.snomed, p.nodeId)}
        />
        <TextField
          label={T.url}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={p.values.url}
          disabled={off}
          error={p.errors.url}
          onChange={(e) => p.onChange({ url: e.currentTarget.value })}
        />
        <TextAreaField
          className="kg-node-form__wide"
          label={T.description}
          name="description"
          rows={4}
          value={p.values.description}
          maxChars={LIMITS.nodeTextMax}
          disabled={off}
          error={p.errors.description}
          onChange={(e) => p.onChange({ description: e.currentTarget.value })}
        />
        <TextAreaField
          className="kg-node-form__wide"
          label={T.note}
          name="note"
          rows={2}
          value={p.values.note}
          maxChars={LIMITS.nodeTextMax}
          disabled={off}
          error={p.errors.note}
          onChange={(e) => p.onChange({ note: e.currentTarget.value })}
        />
      </div>
      <AttachmentsField
        existing={p.existing}
        onDeleteExisting={p.onDeleteExisting}
        queued={p.queued}
        onAdd={p.onAddFiles}
        onRemoveQueued={p.onRemoveQueued}
        error={p.fileError}
        disabled={off}
      />
      {p.beforeActions}
      <div className="kg-node-form__actions">
        <Button variant="text" onClick={p.onCancel} disabled={p.busy}>
          {T.cancel}
        </Button>
        <Button type="submit" loading={p.busy} disabled={off}>
          {p.mode === 'edit' ? T.updateButton : T.createButton}
        </Button>
      </div>
    </form>
  );
}
