import type { ProposalChange } from '../../../contract/knowledge/review';
import { REVIEW_QUEUE_TEXTS as T } from '../../../contract/texts/knowledge/review-queue';
import { Chip } from '../../../ui/Chip';
import { cx } from '../../../ui/cx';
import { fieldRows } from './diff';
import { changeTitle, namesOf, valueText } from './values';

/**
 * One change of a proposal: its headline and its fields before and after, side by side; changed
 * fields are marked (colour and a word for screen readers). A create has only an After column, a
 * delete only a Before column.
 */
export function ChangeView({ change }: { change: ProposalChange }) {
  const rows = fieldRows(change);
  const names = namesOf(change.before, change.after);
  const { action, name } = changeTitle(change);
  const showBefore = change.action !== 'create';
  const showAfter = change.action !== 'delete';
  return (
    <section className="kg-review__change" aria-label={`${action}: ${name}`}>
      <h4 className="kg-review__change-title">
        <span className={cx('kg-review__action', `kg-review__action--${change.action}`)}>{action}</span>
        <span className="kg-review__record">{name}</span>
        {change.recordType && <Chip>{change.recordType}</Chip>}
        {change.outdated && <Chip className="kg-review__outdated">{T.outdated}</Chip>}
      </h4>
      <table className={cx('kg-review__diff', showBefore && showAfter && 'kg-review__diff--both')}>
        <thead>
          <tr>
            <th scope="col">{T.field}</th>
            {showBefore && <th scope="col">{T.before}</th>}
            {showAfter && <th scope="col">{T.after}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const marked = row.changed && showBefore && showAfter;
            return (
              <tr key={row.field} className={cx(marked && 'kg-review__row--changed')}>
                <th scope="row">
                  {T.fields[row.field]}
                  {marked && <span className="kg-visually-hidden"> ({T.changed})</span>}
                </th>
                {showBefore && <td className={cx(marked && 'kg-review__old')}>{valueText(row.field, row.before, names)}</td>}
                {showAfter && <td className={cx(marked && 'kg-review__new')}>{valueText(row.field, row.after, names)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
