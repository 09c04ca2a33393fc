import type { ApiError } from '../../../api/client';
import { LIMITS } from '../../../contract/limits';
import { NODE_FORM_TEXTS as T, NODE_MESSAGES } from '../../../contract/texts/nodes';
import type { KnowledgeNode, KnowledgeNodeDetail, NodeSave } from '../../../contract/knowledge/nodes';
import { isHttpUrl } from '../../../contract/patterns';
import type { FormDialogInput } from '../../../machines/form-dialog.machine';

/** A chosen SNOMED code; `term` is unknown for a code that came with the node being edited. */
export interface SnomedChoice {
  code: string;
  term: string | null;
  /** The node that already has this code (from the concept search); null or absent when free. */
  usedBy?: { id: string; name: string } | null;
}

export interface NodeFormValues {
  name: string;
  nodeType: string | null;
  snomed: SnomedChoice | null;
  url: string;
  description: string;
  note: string;
}

export type NodeFormErrors = Partial<Record<'name' | 'nodeType' | 'snomed' | 'url' | 'description' | 'note', string>>;

export const emptyValues = (name = ''): NodeFormValues => ({ name, nodeType: null, snomed: null, url: '', description: '', note: '' });

export function valuesOf(node: KnowledgeNode): NodeFormValues {
  return {
    name: node.name,
    nodeType: node.nodeType || null,
    snomed: node.snomedCode ? { code: node.snomedCode, term: null } : null,
    url: node.url ?? '',
    description: node.description ?? '',
    note: node.note ?? '',
  };
}

/** The warning for a picked code that another node has (the node's own code is not "in use"). */
export function snomedInUse(snomed: SnomedChoice | null, nodeId?: string | null): string | undefined {
  const other = snomed?.usedBy;
  return other && other.id !== nodeId ? NODE_MESSAGES.snomedInUse(snomed.code, other.name) : undefined;
}

/**
 * Client checks of spec §5 Node form, with the server's messages (NodeSaveSchema): one message
 * per rule — a name over the limit says so, it is not "required".
 */
export function validate(values: NodeFormValues, nodeId?: string | null): NodeFormErrors {
  const errors: NodeFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = NODE_MESSAGES.nameRequired;
  else if (name.length > LIMITS.nameMaxLength) errors.name = NODE_MESSAGES.nameTooLong;
  if (!values.nodeType?.trim()) errors.nodeType = NODE_MESSAGES.typeRequired;
  const inUse = snomedInUse(values.snomed, nodeId);
  if (inUse) errors.snomed = inUse;
  if (values.url.trim() && !isHttpUrl(values.url.trim())) errors.url = NODE_MESSAGES.invalidUrl;
  if (values.description.length > LIMITS.nodeTextMax) errors.description = NODE_MESSAGES.descriptionTooLong;
  if (values.note.length > LIMITS.nodeTextMax) errors.note = NODE_MESSAGES.noteTooLong;
  return errors;
}

/**
 * The POST/PUT body (spec §7): every field, blanks as empty strings (the server stores them as
 * none). Editing falls back to the node's current name and type when these are blank.
 */
export function saveBody(values: NodeFormValues, existing?: Pick<KnowledgeNodeDetail, 'name' | 'nodeType'> | null): NodeSave {
  const name = values.name.trim();
  const nodeType = values.nodeType?.trim() ?? '';
  return {
    name: name || existing?.name || '',
    nodeType: nodeType || existing?.nodeType || '',
    snomedCode: values.snomed?.code ?? '',
    url: values.url.trim(),
    description: values.description,
    note: values.note,
  };
}

const extensionOf = (filename: string) => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
};

/** Spec §9 attachment extensions. */
export const isAllowedAttachment = (filename: string) => (LIMITS.attachmentExtensions as readonly string[]).includes(extensionOf(filename));

/** The file input's accept list ('.pdf,.doc,...'). */
export const ATTACHMENT_ACCEPT = LIMITS.attachmentExtensions.map((e) => `.${e}`).join(',');

/** Splits chosen files into the ones to queue and the refusal message for the rest (null when all pass). */
export function screenFiles(files: readonly File[]): { accepted: File[]; error: string | null } {
  const accepted = files.filter((f) => isAllowedAttachment(f.name));
  const refused = files.filter((f) => !isAllowedAttachment(f.name)).map((f) => f.name);
  return { accepted, error: refused.length ? T.badExtension(refused) : null };
}

/**
 * Spec §8: create shows the server's error, else the fallback; edit shows the first of the
 * server's details, else its error, else the fallback. A network failure has no server text.
 */
export function saveErrorMessage(err: unknown, mode: 'create' | 'edit'): string {
  const e = err as Partial<ApiError> | null;
  const fromServer = e && typeof e.status === 'number' && e.status > 0;
  if (mode === 'edit') {
    const detail = fromServer ? e.details?.find((d) => d.trim()) : undefined;
    return detail || (fromServer && e.message) || T.updateFailed;
  }
  return (fromServer && e.message) || T.createFailed;
}

export { formatKb } from '../../../ui/form/FilePicker';

/** Whether the form holds what it was opened with (the unsaved-changes prompt asks otherwise). */
export function sameValues(a: NodeFormValues, b: NodeFormValues): boolean {
  return a.name === b.name && a.nodeType === b.nodeType && (a.snomed?.code ?? null) === (b.snomed?.code ?? null) && a.url === b.url && a.description === b.description && a.note === b.note;
}

/**
 * The form-dialog machine's input for the node form: create (no node) or edit (`node`), the
 * client checks, and spec §8's failure texts, which stay shown while the fields are edited until
 * the next submit. `save` is the POST or PUT; it resolves with the saved node.
 */
export function nodeFormInput(
  initial: NodeFormValues,
  node: KnowledgeNodeDetail | null,
  save: (body: NodeSave) => Promise<KnowledgeNode>,
): FormDialogInput<NodeFormValues, KnowledgeNode> {
  const mode = node ? 'edit' : 'create';
  return {
    initial,
    submit: (values) => save(saveBody(values, node)),
    validate: (values) => validate(values, node?.id),
    fallback: mode === 'edit' ? T.updateFailed : T.createFailed,
    errorText: (err) => saveErrorMessage(err, mode),
    keepErrorOnChange: true,
  };
}

/** The node's fields the edit-conflict comparison and a delete's second question show, in the form's order. */
export const NODE_FIELDS = ['name', 'nodeType', 'snomed', 'url', 'description', 'note'] as const;
export type NodeField = (typeof NODE_FIELDS)[number];
const NODE_FIELD_LABELS: Record<NodeField, () => string> = {
  name: () => T.name,
  nodeType: () => T.nodeType,
  snomed: () => T.snomedCode,
  url: () => T.url,
  description: () => T.description,
  note: () => T.note,
};
const shown = (values: NodeFormValues, key: NodeField): string => (key === 'snomed' ? (values.snomed?.code ?? '') : (values[key] ?? ''));

/** The node form's fields, theirs (the record now) against yours (the form), for the conflict dialog. */
export function nodeConflictFields(theirs: NodeFormValues, yours: NodeFormValues): { key: NodeField; label: string; theirs: string; yours: string }[] {
  return NODE_FIELDS.map((key) => ({ key, label: NODE_FIELD_LABELS[key](), theirs: shown(theirs, key), yours: shown(yours, key) }));
}
