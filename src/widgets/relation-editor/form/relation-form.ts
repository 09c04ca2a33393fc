import type { RelationSave } from '../../../contract/knowledge/relations';
import type { Relation } from '../../../contract/knowledge/relations';
import { LIMITS } from '../../../contract/limits';
import { isHttpUrl } from '../../../contract/patterns';
import { EVIDENCE_LIMITS, evidenceSourceProblem, type Evidence, type EvidenceGrade } from '../../../contract/knowledge/relation-evidence';
import { EVIDENCE_MESSAGES, EVIDENCE_TEXTS, RELATION_MESSAGES as M, RELATION_TEXTS } from '../../../contract/texts/relations';

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
  /** Its sources as the form's rows; a row left wholly blank is not sent. */
  evidence: EvidenceDraft[];
}

/** One evidence row of the form. */
export interface EvidenceDraft {
  source: string;
  quote: string;
  grade: EvidenceGrade | '';
}

export const EMPTY_EVIDENCE: EvidenceDraft = { source: '', quote: '', grade: '' };

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
  evidence: [],
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
    evidence: (r.evidence ?? []).map((e) => ({ source: e.source, quote: e.quote ?? '', grade: e.grade ?? '' })),
  };
}

const blankRow = (e: EvidenceDraft) => !e.source.trim() && !e.quote.trim() && !e.grade;
/** The rows that are sent (a draft kept from before evidence existed has none). */
const filledRows = (d: RelationDraft) => (d.evidence ?? []).filter((e) => !blankRow(e));

/** Why each evidence row would be refused (by its index among the form's rows), as the server judges it. */
export function evidenceRowErrors(rows: readonly EvidenceDraft[]): (string | undefined)[] {
  return rows.map((e) => {
    if (blankRow(e)) return undefined;
    if (!e.source.trim()) return EVIDENCE_MESSAGES.sourceRequired;
    if (e.source.trim().length > EVIDENCE_LIMITS.sourceMax) return EVIDENCE_MESSAGES.sourceTooLong;
    if (e.quote.length > EVIDENCE_LIMITS.quoteMax) return EVIDENCE_MESSAGES.quoteTooLong;
    return evidenceSourceProblem(e.source) ?? undefined;
  });
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
  // The summary names the first refused row; each row shows its own reason (evidenceRowErrors).
  const rowError = evidenceRowErrors(d.evidence ?? []).find(Boolean);
  if (rowError) errors.push({ field: 'evidence', message: rowError });
  else if (filledRows(d).length > EVIDENCE_LIMITS.items) errors.push({ field: 'evidence', message: EVIDENCE_MESSAGES.tooMany });
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
    evidence: filledRows(d).map((e): Evidence => ({ source: e.source.trim(), ...(e.quote.trim() ? { quote: e.quote.trim() } : {}), ...(e.grade ? { grade: e.grade } : {}) })),
  };
}

const evidenceKey = (d: RelationDraft) => JSON.stringify(filledRows(d).map((e) => [e.source.trim(), e.quote.trim(), e.grade]));

/** Whether the draft still holds what the form opened with (else leaving asks first). */
export function sameDraft(a: RelationDraft, b: RelationDraft): boolean {
  return (
    a.source?.id === b.source?.id && a.target?.id === b.target?.id && a.relationType === b.relationType && a.relationName === b.relationName &&
    a.weight === b.weight && a.url === b.url && a.description === b.description && a.note === b.note &&
    evidenceKey(a) === evidenceKey(b)
  );
}

/** The fields the edit-conflict comparison shows, in the form's order (the note only to who may see it). */
export const CONFLICT_FIELDS = ['source', 'target', 'relationType', 'relationName', 'weight', 'url', 'description', 'note', 'evidence'] as const;
export type ConflictFieldKey = (typeof CONFLICT_FIELDS)[number];

const CONFLICT_LABELS: Record<ConflictFieldKey, () => string> = {
  source: () => RELATION_TEXTS.sourceNode,
  target: () => RELATION_TEXTS.targetNode,
  relationType: () => RELATION_TEXTS.relationType,
  relationName: () => RELATION_TEXTS.relationName,
  weight: () => RELATION_TEXTS.strength,
  url: () => RELATION_TEXTS.url,
  description: () => RELATION_TEXTS.description,
  note: () => RELATION_TEXTS.note,
  evidence: () => EVIDENCE_TEXTS.title,
};

/** A draft field as the form shows it: a node by its name, the weight as its number. */
function shownOf(d: RelationDraft, key: ConflictFieldKey): string {
  if (key === 'source' || key === 'target') return d[key]?.name ?? '';
  if (key === 'evidence') return filledRows(d).map((e) => e.source.trim()).join('; ');
  return String(d[key]);
}

/**
 * Theirs (the relation as it now is) against yours (the form's draft), field by field, for the
 * conflict dialog; without note permission the note is neither shown nor compared.
 */
export function relationConflictFields(theirs: RelationDraft, yours: RelationDraft, withNote: boolean): { key: ConflictFieldKey; label: string; theirs: string; yours: string }[] {
  return CONFLICT_FIELDS.filter((key) => withNote || key !== 'note').map((key) => ({ key, label: CONFLICT_LABELS[key](), theirs: shownOf(theirs, key), yours: shownOf(yours, key) }));
}

/** The draft the per-field choice makes: each field from the side chosen for it (yours when not chosen). */
export function mergeDrafts(yours: RelationDraft, theirs: RelationDraft, choices: Partial<Record<ConflictFieldKey, 'theirs' | 'yours'>>): RelationDraft {
  const merged: RelationDraft = { ...yours };
  for (const key of CONFLICT_FIELDS) if (choices[key] === 'theirs') Object.assign(merged, { [key]: theirs[key] });
  return merged;
}

/** A relation as it now is against the draft the user saw, for the delete asked again after a change. */
export function relationChangedFields(now: Relation, seen: RelationDraft, withNote: boolean): { key: string; label: string; now: string; seen: string }[] {
  return relationConflictFields(draftOf(now), seen, withNote).map((f) => ({ key: f.key, label: f.label, now: f.theirs, seen: f.yours }));
}
