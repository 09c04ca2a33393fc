import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Proposal, ProposedChange } from '../../contract/knowledge/review';
import { REVIEW_QUEUE_TEXTS as T } from '../../contract/texts/knowledge/review-queue';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/Button';
import { Chip } from '../../ui/Chip';
import { Checkbox } from '../../ui/form/Checkbox';
import { formatKb } from '../../ui/form/FilePicker';
import { cx } from '../../ui/cx';
import { Discussion, DiscussionCount } from '../parts/discussion';
import { formatDate } from '../format';
import { ChangeView, OutdatedCompare } from './compare';

export interface ProposalCardProps {
  api: ApiClient;
  proposal: Proposal;
  /** The reader may decide it: submitted, and not their own (four eyes). */
  canDecide: boolean;
  own: boolean;
  selected: boolean;
  busy: boolean;
  error: string | undefined;
  onToggle: () => void;
  onApprove: (changes?: ProposedChange[]) => void;
  onReject: () => void;
  onDismissError: () => void;
}

const DAY_MS = 86_400_000;
const daysSince = (iso: string) => Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / DAY_MS));

/**
 * One proposal of the queue: who proposed it and when, its state, its changes before and after,
 * the three-way comparison when it is outdated, Approve and Reject, the server's message when a
 * decision failed, and its discussion (collapsed, with its count).
 */
export function ProposalCard({ api, proposal: p, canDecide, own, selected, busy, error, onToggle, onApprove, onReject, onDismissError }: ProposalCardProps) {
  const [discussing, setDiscussing] = useState(false);
  const headingId = `kg-proposal-${p.id}`;
  return (
    <li className={cx('kg-review__card', selected && 'kg-review__card--selected', p.outdated && 'kg-review__card--outdated')} aria-labelledby={headingId} data-proposal={p.id}>
      <div className="kg-review__head">
        {canDecide && <Checkbox className="kg-review__select" label={<span className="kg-visually-hidden">{T.selectOne(p.proposer.name)}</span>} checked={selected} disabled={busy} onChange={onToggle} />}
        <h3 className="kg-review__who" id={headingId}>
          {T.proposedBy(p.proposer.name)}
        </h3>
        <span className="kg-review__when" title={formatDate(p.createdAt, '')}>
          {T.age(daysSince(p.createdAt))}
        </span>
        <span className="kg-review__chips">
          <Chip color={p.state === 'submitted' ? 'primary' : 'default'}>{T.states[p.state]}</Chip>
          {p.outdated && <Chip className="kg-review__outdated">{T.outdated}</Chip>}
        </span>
      </div>
      {p.reviewer && <p className="kg-review__decision">{[T.decidedBy(p.reviewer.name), p.reason ? T.reasonShown(p.reason) : ''].filter(Boolean).join(' · ')}</p>}
      {own && p.state === 'submitted' && <p className="kg-review__help">{T.ownProposal}</p>}
      {error && (
        <Alert severity="error" onClose={onDismissError}>
          {error}
        </Alert>
      )}
      {p.outdated && canDecide && <Alert severity="warning">{T.outdatedHelp}</Alert>}
      <div className="kg-review__changes" aria-label={T.changes}>
        {p.changes.map((c, i) => (
          <ChangeView key={`${i}-${c.targetId ?? c.ref ?? ''}`} change={c} />
        ))}
      </div>
      {p.attachments.length > 0 && (
        <section className="kg-review__files" aria-label={T.keptFiles}>
          <h4 className="kg-review__files-title">{T.keptFiles}</h4>
          <ul className="kg-review__files-list">
            {p.attachments.map((a) => (
              <li key={a.id} className="kg-review__file">
                <span className="kg-review__file-name">{a.filename}</span> <span className="kg-review__file-size">{formatKb(a.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {p.outdated && p.state === 'submitted' && <OutdatedCompare key={p.updatedAt} api={api} proposal={p} canDecide={canDecide} busy={busy} onApprove={onApprove} />}
      {canDecide && (
        <div className="kg-review__actions">
          <Button variant="primary" disabled={busy} loading={busy} onClick={() => onApprove()}>
            {T.approve}
          </Button>
          <Button variant="outlined" disabled={busy} onClick={onReject}>
            {T.reject}
          </Button>
        </div>
      )}
      <div className="kg-review__discussion">
        {discussing ? <Discussion api={api} type="proposal" id={p.id} variant="section" /> : <DiscussionCount api={api} type="proposal" id={p.id} onOpen={() => setDiscussing(true)} />}
      </div>
    </li>
  );
}
