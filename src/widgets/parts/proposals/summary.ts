import type { ProposalChange } from '../../../contract/knowledge/review';
import { PROPOSAL_TEXTS as T } from '../../../contract/texts/knowledge/proposals';

type Record_ = Record<string, unknown> | null;
const FIELD_LABELS = T.fields as Record<string, string>;
/** Fields shown in a summary, in this order; others (version, ids, dates) are bookkeeping. */
const SHOWN = Object.keys(FIELD_LABELS);
const MAX_TEXT = 80;

/** A value as one short line: empty values as "(empty)", long texts cut, lists and objects as JSON. */
export function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return T.change.empty;
  if (Array.isArray(value)) return value.length === 0 ? T.change.empty : String(value.length);
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || ((a ?? '') === '' && (b ?? '') === '');

/** The record's name as the change shows it: the proposed name, else the one it had. */
export function changeName(change: Pick<ProposalChange, 'before' | 'after'>): string {
  const pick = (r: Record_) => (r ? (r.name ?? r.relationName) : undefined);
  const name = pick(change.after) ?? pick(change.before);
  return typeof name === 'string' ? name : '';
}

/**
 * One change's headline ("Change · Node · Asthma") and its field lines ("Description: a → b"):
 * for an update the fields the proposal changes, for a create the values it sets, for a delete none.
 */
export function changeSummary(change: Pick<ProposalChange, 'kind' | 'action' | 'before' | 'after' | 'recordType'>): { title: string; lines: string[] } {
  const title = [T.action[change.action], T.kind[change.kind], changeName(change)].filter(Boolean).join(' · ');
  if (change.action === 'delete' || !change.after) return { title, lines: [] };
  const after = change.after;
  const before = change.action === 'update' ? change.before : null;
  const lines: string[] = [];
  for (const key of SHOWN) {
    if (!(key in after)) continue;
    if (before ? same(before[key], after[key]) : after[key] === null || after[key] === undefined || after[key] === '') continue;
    lines.push(T.change.fieldChange(FIELD_LABELS[key], before ? shortValue(before[key]) : T.change.empty, shortValue(after[key])));
  }
  return { title, lines: lines.length ? lines : change.action === 'update' ? [T.change.unchanged] : [] };
}
