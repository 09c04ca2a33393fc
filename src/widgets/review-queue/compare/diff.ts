import type { ProposalChange, ProposedChange } from '../../../contract/knowledge/review';

/**
 * The queue's comparisons, pure: a change's fields before and after (a create has only an after, a
 * delete only a before), and for an outdated change the three-way comparison "proposed from / now /
 * proposed" with the values an approval brought up to date would write.
 */
export const NODE_FIELDS = ['name', 'nodeType', 'snomedCode', 'url', 'description', 'note'] as const;
export const RELATION_FIELDS = ['relationName', 'relationType', 'sourceNodeId', 'targetNodeId', 'weight', 'description', 'url', 'note', 'evidence'] as const;
export type ChangeField = (typeof NODE_FIELDS)[number] | (typeof RELATION_FIELDS)[number];
type Values = Record<string, unknown> | null | undefined;

export const fieldsOf = (kind: ProposalChange['kind']): readonly ChangeField[] => (kind === 'node' ? NODE_FIELDS : RELATION_FIELDS);

/** null, undefined and blank text read as "no value"; evidence compares by its sources, quotes and grades. */
export function normalise(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    return JSON.stringify(value.map((e) => (e && typeof e === 'object' ? { s: (e as { source?: unknown }).source ?? null, q: (e as { quote?: unknown }).quote || null, g: (e as { grade?: unknown }).grade || null } : e)));
  }
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}
export const same = (a: unknown, b: unknown) => normalise(a) === normalise(b);

/** Whether a change carries a field: an update that leaves a field out (a relation's evidence) keeps it. */
const carries = (values: Values, field: string) => !!values && Object.hasOwn(values, field);

export interface FieldRow {
  field: ChangeField;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Field by field: create → after only, delete → before only, update → the fields it carries. */
export function fieldRows(change: Pick<ProposalChange, 'kind' | 'action' | 'before' | 'after'>): FieldRow[] {
  const fields = fieldsOf(change.kind);
  if (change.action === 'create') return fields.filter((f) => normalise(change.after?.[f]) !== '').map((f) => ({ field: f, before: undefined, after: change.after?.[f], changed: true }));
  if (change.action === 'delete') return fields.filter((f) => normalise(change.before?.[f]) !== '').map((f) => ({ field: f, before: change.before?.[f], after: undefined, changed: true }));
  return fields
    .filter((f) => carries(change.after, f) || normalise(change.before?.[f]) !== '')
    .map((f) => {
      const after = carries(change.after, f) ? change.after![f] : change.before?.[f];
      return { field: f, before: change.before?.[f], after, changed: !same(change.before?.[f], after) };
    });
}

export interface ThreeWayRow {
  field: ChangeField;
  from: unknown;
  now: unknown;
  proposed: unknown;
  /** What an approval brought up to date writes: the proposal's value where it changes the field, else now's. */
  result: unknown;
  /** The record changed the field since it was proposed. */
  changedSince: boolean;
  /** The proposal changes the field. */
  proposes: boolean;
  /** Both changed it, differently: the proposal's value wins. */
  conflict: boolean;
}

/** Proposed from (the change's before), now (the record today) and proposed (its after), field by field. */
export function threeWay(change: Pick<ProposalChange, 'kind' | 'before' | 'after'>, now: Values): ThreeWayRow[] {
  return fieldsOf(change.kind)
    .filter((f) => [change.before?.[f], now?.[f], change.after?.[f]].some((v) => normalise(v) !== ''))
    .map((f) => {
      const from = change.before?.[f];
      const proposes = carries(change.after, f) && !same(from, change.after![f]);
      const proposed = carries(change.after, f) ? change.after![f] : from;
      const changedSince = !same(from, now?.[f]);
      return { field: f, from, now: now?.[f], proposed, result: proposes ? proposed : now?.[f], changedSince, proposes, conflict: proposes && changedSince && !same(proposed, now?.[f]) };
    });
}

/** A relation's evidence as the save body takes it (no nulls). */
const evidenceBody = (value: unknown) =>
  Array.isArray(value)
    ? value.map((e: { source: string; quote?: string | null; grade?: string | null }) => ({ source: e.source, ...(e.quote ? { quote: e.quote } : {}), ...(e.grade ? { grade: e.grade } : {}) }))
    : value;

/**
 * One change brought up to date on `now` (the record today, with its version): an update writes its
 * own changes over now's values, a delete deletes the current version. A create, or a change not
 * outdated, stays as it is.
 */
export function upToDate(change: ProposalChange, now: (Record<string, unknown> & { version?: number }) | null): ProposedChange {
  const base = { kind: change.kind, action: change.action, ...(change.targetId ? { targetId: change.targetId } : {}) } as ProposedChange;
  if (change.action === 'create') return { ...base, ...(change.ref ? { ref: change.ref } : {}), after: change.after } as ProposedChange;
  const version = change.outdated && now?.version ? now.version : (change.baseVersion ?? undefined);
  if (change.action === 'delete') return { ...base, baseVersion: version };
  const after: Record<string, unknown> = { ...change.after };
  if (change.outdated && now) {
    for (const row of threeWay(change, now)) if (carries(change.after, row.field) && !row.proposes) after[row.field] = row.field === 'evidence' ? evidenceBody(row.now) : (row.now ?? null);
  }
  return { ...base, baseVersion: version, after } as ProposedChange;
}
