import type { HistoryChange } from '../../../contract/knowledge/history';
import { HISTORY_FIELD_LABELS, HISTORY_TEXTS as T } from '../../../contract/texts/history';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** A relation as a node's history line names it: source — name — target. */
interface RelationSummary {
  relationName: string;
  sourceNodeName: string;
  targetNodeName: string;
}
const isRelation = (v: object): v is RelationSummary => typeof (v as Partial<RelationSummary>).relationName === 'string' && typeof (v as Partial<RelationSummary>).sourceNodeName === 'string';

/** A value as a history line shows it: text as is, an attachment by its file name, a relation by its ends, nothing as "(empty)". */
export function shownValue(value: unknown): string {
  if (isEmpty(value)) return T.emptyValue;
  if (typeof value === 'object') {
    if (isRelation(value)) return `${value.sourceNodeName} — ${value.relationName} — ${value.targetNodeName}`;
    const filename = (value as { filename?: unknown }).filename;
    return typeof filename === 'string' ? filename : JSON.stringify(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One change, before → after: in the History tab and in the restore's confirmation alike. */
export function ChangeLine({ change }: { change: HistoryChange }) {
  return (
    <li className="kg-history__change">
      <span className="kg-history__field">{HISTORY_FIELD_LABELS[change.field] ?? change.field}:</span>{' '}
      {/* Struck through: the value it replaced; "(empty)" replaced nothing. */}
      <span className={isEmpty(change.before) ? 'kg-history__blank' : 'kg-history__before'}>{shownValue(change.before)}</span>
      <span className="kg-history__arrow" aria-label={T.changedTo}>
        {' → '}
      </span>
      <span className="kg-history__after">{shownValue(change.after)}</span>
    </li>
  );
}
