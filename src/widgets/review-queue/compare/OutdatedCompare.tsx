import { useMemo } from 'react';
import { ApiError, type ApiClient } from '../../../api/client';
import { nodesApi } from '../../../api/knowledge/nodes';
import { relationsApi } from '../../../api/knowledge/relations';
import type { Proposal, ProposalChange, ProposedChange } from '../../../contract/knowledge/review';
import { REVIEW_QUEUE_TEXTS as T } from '../../../contract/texts/knowledge/review-queue';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import { ErrorState } from '../../../ui/feedback/LoadStates';
import { useLoad } from '../../hooks/use-load';
import { threeWay, upToDate } from './diff';
import { changeTitle, namesOf, valueText } from './values';

type Current = (Record<string, unknown> & { version?: number }) | null;

/**
 * An outdated proposal's three-way comparison: for each changed record, proposed from (the record
 * when proposed) / now / proposed, and what an approval brought up to date writes. Only the
 * proposer may edit a proposal (PUT /proposals/{id}), so the reviewer's way forward is to approve
 * with edits: the same changes on the current version, fields the proposal does not change taking
 * their current values. A record deleted since cannot be brought up to date.
 */
export function OutdatedCompare({ api, proposal, canDecide, busy, onApprove }: { api: ApiClient; proposal: Proposal; canDecide: boolean; busy: boolean; onApprove: (changes: ProposedChange[]) => void }) {
  const calls = useMemo(() => ({ nodes: nodesApi(api), relations: relationsApi(api) }), [api]);
  const outdated = proposal.changes.filter((c) => c.outdated && c.targetId);
  const now = useLoad(async () => {
    const current = new Map<string, Current>();
    for (const c of outdated) {
      try {
        current.set(c.targetId!, await (c.kind === 'node' ? calls.nodes.get(c.targetId!) : calls.relations.get(c.targetId!)));
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        current.set(c.targetId!, null);
      }
    }
    return current;
  });
  if (now.status === 'loading') return <BlockSpinner label={T.compareLoading} />;
  if (now.status === 'error' || !now.data) return <ErrorState text={T.compareFailed} retryLabel={T.retry} onRetry={() => void now.reload()} />;
  const current = now.data;
  const gone = outdated.some((c) => current.get(c.targetId!) === null);
  return (
    <div className="kg-review__compare">
      <h4 className="kg-review__compare-title">{T.compareTitle}</h4>
      {outdated.map((c) => (
        <ThreeWayTable key={c.targetId} change={c} now={current.get(c.targetId!) ?? null} />
      ))}
      {canDecide &&
        (gone ? (
          <Alert severity="warning">{T.recordGone}</Alert>
        ) : (
          <div className="kg-review__uptodate">
            <p className="kg-review__help">{T.upToDateHelp}</p>
            <Button variant="secondary" disabled={busy} loading={busy} onClick={() => onApprove(proposal.changes.map((c) => upToDate(c, c.targetId ? (current.get(c.targetId) ?? null) : null)))}>
              {T.approveUpToDate}
            </Button>
          </div>
        ))}
    </div>
  );
}

function ThreeWayTable({ change, now }: { change: ProposalChange; now: Current }) {
  const { action, name } = changeTitle(change);
  if (!now) return <Alert severity="warning">{`${action}: ${name}. ${T.recordGone}`}</Alert>;
  const names = namesOf(change.before, now);
  // Only what moved: a field nobody changed would be the same value three times.
  const rows = (change.action === 'delete' ? threeWay({ ...change, after: change.before }, now) : threeWay(change, now)).filter((r) => r.changedSince || r.proposes);
  return (
    <table className="kg-review__three" aria-label={`${action}: ${name}`}>
      <thead>
        <tr>
          <th scope="col">{T.field}</th>
          <th scope="col">{T.proposedFrom}</th>
          <th scope="col">{T.now}</th>
          <th scope="col">{T.proposed}</th>
          {change.action === 'update' && <th scope="col">{T.result}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field} className={cx(r.conflict && 'kg-review__row--conflict')}>
            <th scope="row">
              {T.fields[r.field]}
              {r.conflict && <span className="kg-review__conflict">{T.conflict}</span>}
            </th>
            <td data-label={T.proposedFrom}>{valueText(r.field, r.from, names)}</td>
            <td data-label={T.now} className={cx(r.changedSince && 'kg-review__since')}>
              {valueText(r.field, r.now, names)}
            </td>
            <td data-label={T.proposed} className={cx(r.proposes && 'kg-review__new')}>
              {change.action === 'delete' ? T.noValue : valueText(r.field, r.proposed, names)}
            </td>
            {change.action === 'update' && <td data-label={T.result}>{valueText(r.field, r.result, names)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
