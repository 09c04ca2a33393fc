import { REVIEW_QUEUE_TEXTS as T } from '../../../contract/texts/knowledge/review-queue';
import type { ProposalChange } from '../../../contract/knowledge/review';
import type { ChangeField } from './diff';

/** Node ids → names, from what a change already says about its ends (a relation's before, the record now). */
export type NodeNames = ReadonlyMap<string, string>;

export function namesOf(...records: (Record<string, unknown> | null | undefined)[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of records) {
    if (!r) continue;
    for (const end of ['source', 'target'] as const) {
      const id = r[`${end}NodeId`];
      const name = r[`${end}NodeName`] ?? (r[`${end}Node`] as { name?: unknown } | undefined)?.name;
      if (typeof id === 'string' && typeof name === 'string') names.set(id, name);
    }
  }
  return names;
}

/** A field's value as text: no value is a dash, an end node is its name, evidence its sources. */
export function valueText(field: ChangeField, value: unknown, names: NodeNames): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)) return T.noValue;
  if ((field === 'sourceNodeId' || field === 'targetNodeId') && typeof value === 'string') return names.get(value) ?? value;
  if (field === 'evidence' && Array.isArray(value)) {
    return value.map((e: { source?: string; quote?: string | null; grade?: string | null }) => [e.source, e.grade ? `(${e.grade})` : '', e.quote ? `“${e.quote}”` : ''].filter(Boolean).join(' ')).join('; ');
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** The change's headline: what happens, to which record. */
export function changeTitle(change: ProposalChange): { action: string; name: string } {
  const of = change.after ?? change.before ?? {};
  const name = (change.kind === 'node' ? of.name : of.relationName) as string | undefined;
  return { action: T.actions[change.kind][change.action], name: name ?? change.targetId ?? '' };
}
