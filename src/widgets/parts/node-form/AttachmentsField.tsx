import { useId, useRef, type ReactNode } from 'react';
import type { Attachment } from '../../../contract/knowledge/nodes';
import { NODE_FORM_TEXTS as T } from '../../../contract/texts/nodes';
import { Button, IconButton } from '../../../ui/Button';
import { CloseIcon, FileIcon, TrashIcon, UploadIcon } from '../../../ui/icons';
import { ATTACHMENT_ACCEPT, formatKb } from './node-form-logic';

export interface AttachmentsFieldProps {
  /** Edit mode: the node's current files (deleted at once, after confirmation, by the parent). */
  existing: readonly Attachment[];
  onDeleteExisting: (attachment: Attachment) => void;
  /** New files, uploaded after the node is saved. */
  queued: readonly File[];
  onAdd: (files: File[]) => void;
  onRemoveQueued: (index: number) => void;
  /** Why some chosen files were refused. */
  error: string | null;
  disabled: boolean;
}

/** The Attachments part of the node form: existing files, the upload queue and 'Add Files'. */
export function AttachmentsField({ existing, onDeleteExisting, queued, onAdd, onRemoveQueued, error, disabled }: AttachmentsFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="kg-node-form__attachments" aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}>
      <legend className="kg-field__label">{T.attachments}</legend>
      <p id={`${id}-hint`} className="kg-field__help">
        {T.attachmentsHint}
      </p>
      {existing.length > 0 && (
        <FileList title={T.existingAttachments}>
          {existing.map((a) => (
            <FileRow key={a.id} name={a.filename} size={a.size}>
              <IconButton label={T.deleteAttachment(a.filename)} className="kg-icon-btn--danger" disabled={disabled} onClick={() => onDeleteExisting(a)}>
                <TrashIcon size={18} />
              </IconButton>
            </FileRow>
          ))}
        </FileList>
      )}
      {queued.length > 0 && (
        <FileList title={T.newAttachments}>
          {queued.map((f, index) => (
            <FileRow key={`${f.name}:${f.size}:${f.lastModified}:${index}`} name={f.name} size={f.size} queued>
              <IconButton label={T.removeFile(f.name)} disabled={disabled} onClick={() => onRemoveQueued(index)}>
                <CloseIcon size={18} />
              </IconButton>
            </FileRow>
          ))}
        </FileList>
      )}
      <div>
        <input
          ref={input}
          type="file"
          multiple
          className="kg-visually-hidden"
          accept={ATTACHMENT_ACCEPT}
          disabled={disabled}
          aria-label={T.addFiles}
          tabIndex={-1}
          onChange={(e) => {
            onAdd(Array.from(e.currentTarget.files ?? []));
            e.currentTarget.value = ''; // choosing the same file again still reports it
          }}
        />
        <Button variant="outlined" startIcon={<UploadIcon />} disabled={disabled} onClick={() => input.current?.click()}>
          {T.addFiles}
        </Button>
      </div>
      {error && (
        <div id={errorId} role="alert" className="kg-field__help kg-field__help--error">
          {error}
        </div>
      )}
    </fieldset>
  );
}

function FileList({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="kg-node-form__files">
      <p id={id} className="kg-node-form__files-title">
        {title}
      </p>
      <ul aria-labelledby={id}>{children}</ul>
    </div>
  );
}

function FileRow({ name, size, queued, children }: { name: string; size: number; queued?: boolean; children: ReactNode }) {
  return (
    <li className="kg-node-form__file" data-queued={queued || undefined}>
      <span className="kg-node-form__file-icon" aria-hidden="true">
        <FileIcon size={18} />
      </span>
      <span className="kg-node-form__file-name">{name}</span>
      <span className="kg-node-form__file-size">{formatKb(size)}</span>
      {children}
    </li>
  );
}
