import type { RelationSave } from '../../../contract/knowledge/relations';
import type { Relation } from '../../../contract/knowledge/relations';
import { LIMITS } from '../../../contract/limits';
import { isHttpUrl } from '../../../contract/patterns';
import { RELATION_MESSAGES as M } from '../../../contract/texts/relations';

/** A node as the pickers show it (a relation's end node or a node from the list). */
export interface NodeOption {
  id: string;
  name: string;
  nodeType: string;
  snomedCode: string | null;
}

/** What the form edits, kept whole in memory (also while a node is created in a dialog). */
export interface RelationDraft {
  source: NodeOption | null;
  target: NodeOption | null;
  relationType: string;
  relationName: string;
  weight: number;
  url: string;
  description: string;
  note: string;
}

export type DraftField = keyof RelationDraft;

export const EMPTY_DRAFT: RelationDraft = {
  source: null,
  target: null,
  relationType: '',
  relationName: '',
  weight: LIMITS.relationWeight.default,
  url: '',
  description: '',
  note: '',
};

export const nodeOptionOf = (n: NodeOption): NodeOption => ({ id: n.id, name: n.name, nodeType: n.nodeType, snomedCode: n.snomedCode ?? null });

export function draftOf(r: Relation): RelationDraft {
  return {
    source: nodeOptionOf(r.sourceNode),
    target: nodeOptionOf(r.targetNode),
    relationType: r.relationType,
    relationName: r.relationName,
    weight: r.weight,
    url: r.url ?? '',
    description: r.description ?? '',
    note: r.note ?? '',
  };
}

export interface FieldError {
  field: DraftField;
  message: string;
}

/**
 * Spec §5 "Relation form on submit", every failing rule in the spec's order (the form shows
 * each at its field and all of them, in this order, in a summary above the buttons).
 */
export function validateDraft(d: RelationDraft): FieldError[] {
  const errors: FieldError[] = [];
  const { min, max } = LIMITS.relationWeight;
  if (!d.relationName.trim()) errors.push({ field: 'relationName', message: M.nameRequired });
  else if (d.relationName.trim().length > LIMITS.nameMaxLength) errors.push({ field: 'relationName', message: M.nameTooLong });
  if (!d.source) errors.push({ field: 'source', message: M.sourceRequired });
  if (!d.target) errors.push({ field: 'target', message: M.targetRequired });
  else if (d.source && d.source.id === d.target.id) errors.push({ field: 'target', message: M.sameNode });
  if (!d.relationType.trim()) errors.push({ field: 'relationType', message: M.typeRequired });
  if (!Number.isInteger(d.weight) || d.weight < min || d.weight > max) errors.push({ field: 'weight', message: M.weightRange });
  if (d.description.length > LIMITS.relationDescriptionMax) errors.push({ field: 'description', message: M.descriptionTooLong });
  if (d.note.length > LIMITS.relationNoteMax) errors.push({ field: 'note', message: M.noteTooLong });
  if (d.url.trim() && !isHttpUrl(d.url.trim())) errors.push({ field: 'url', message: M.invalidUrl });
  return errors;
}

/**
 * The POST/PUT body (spec §7): blank optional texts are sent as empty strings, stored as none.
 * The internal note goes only from users who may see it (contract/relation-notes.ts).
 */
export function bodyOf(d: RelationDraft, withNote = true): RelationSave {
  return {
    sourceNodeId: d.source?.id ?? '',
    targetNodeId: d.target?.id ?? '',
    relationName: d.relationName.trim(),
    relationType: d.relationType.trim(),
    weight: d.weight,
    url: d.url.trim(),
    description: d.description,
    ...(withNote ? { note: d.note } : {}),
  };
}

/** Whether the draft still holds what the form opened with (else leaving asks first). */
export function sameDraft(a: RelationDraft, b: RelationDraft): boolean {
  return (
    a.source?.id === b.source?.id && a.target?.id === b.target?.id && a.relationType === b.relationType && a.relationName === b.relationName &&
    a.weight === b.weight && a.url === b.url && a.description === b.description && a.note === b.note
  );
}
