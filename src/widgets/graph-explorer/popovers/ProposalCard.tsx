import { useState } from 'react';
import type { ProposalDecision } from '../../../machines/graph-explorer/graph-explorer.machine';
import type { ProposedMark } from '../../../machines/graph-explorer/proposal-items';
import { PROPOSAL_LIMITS } from '../../../contract/knowledge/review';
import { GRAPH_PROPOSAL_TEXTS as P, GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/form/TextField';

export interface ProposalCardsProps {
  marks: readonly ProposedMark[];
  /** The signed-in user (the proposer withdraws; never approves their own: four eyes). */
  userId: string | undefined;
  /** The user holds changes.review. */
  reviewer: boolean;
  /** The graph is read-only (no actions). */
  readonly: boolean;
  /** A decision is on its way. */
  busy: boolean;
  /** A node's name for a relation's ends (ids of the graph or of the proposal's new nodes). */
  nameOf: (id: string) => string;
  onDecide: (proposalId: string, decision: ProposalDecision, reason?: string) => void;
}

const FIELDS = Object.keys(P.fields) as (keyof typeof P.fields)[];
const shown = (v: unknown): string => (typeof v === 'string' ? v || '—' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v == null ? '—' : JSON.stringify(v));

/** The fields a proposed update changes, as "Name: old → new" lines. */
function changedFields(mark: ProposedMark): { field: string; before: string; after: string }[] {
  const { before, after } = mark.change;
  if (mark.action !== 'update' || !after) return [];
  return FIELDS.filter((f) => f in after && shown(after[f]) !== shown(before?.[f])).map((f) => ({ field: P.fields[f], before: shown(before?.[f]), after: shown(after[f]) }));
}

/**
 * The open proposals about one graph item, in its popover: who proposed what, and the decision a
 * user may take — a reviewer approves or rejects (with the required reason, asked here) someone
 * else's submitted proposal, the proposer withdraws their own.
 */
export function ProposalCards(p: ProposalCardsProps) {
  return (
    <>
      {p.marks.map((m) => (
        <ProposalCard key={`${m.proposal.id}:${p.marks.indexOf(m)}`} mark={m} {...p} />
      ))}
    </>
  );
}

function ProposalCard({ mark, userId, reviewer, readonly, busy, nameOf, onDecide }: Omit<ProposalCardsProps, 'marks'> & { mark: ProposedMark }) {
  const { proposal, change } = mark;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const own = !!userId && proposal.proposer.id === userId;
  const mayReview = !readonly && reviewer && !own && proposal.state === 'submitted';
  const mayWithdraw = !readonly && own;
  const kind = change.kind === 'node' ? 'node' : 'relation';
  const label = P.change[`${kind}${mark.action[0].toUpperCase()}${mark.action.slice(1)}` as keyof typeof P.change];
  const fields = changedFields(mark);
  const after = change.after;
  const route =
    change.kind === 'relation' && mark.action === 'update' && after && (after.sourceNodeId !== change.before?.sourceNodeId || after.targetNodeId !== change.before?.targetNodeId)
      ? `${nameOf(String(after.sourceNodeId))} → ${nameOf(String(after.targetNodeId))}`
      : null;
  const reject = () => {
    if (!reason.trim()) return setMissing(true);
    onDecide(proposal.id, 'reject', reason.trim());
  };
  return (
    <section className="kg-graph-proposal" aria-label={P.proposedBy(proposal.proposer.name)} data-testid="graph-proposal" data-proposal-id={proposal.id}>
      <p className="kg-graph-proposal__by">
        <span>{P.proposedBy(proposal.proposer.name)}</span>
        {proposal.state === 'draft' && <span className="kg-graph-proposal__state">{P.draft}</span>}
      </p>
      <p className="kg-graph-proposal__change">{label}</p>
      {fields.length > 0 && (
        <dl className="kg-graph-facts kg-graph-proposal__fields">
          {fields.map((f) => (
            <div key={f.field} className="kg-graph-proposal__field">
              <dt>{f.field}</dt>
              <dd>
                <del>{f.before}</del> → <ins>{f.after}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {route && <p className="kg-graph-popover__route">{route}</p>}
      {change.outdated && <p className="kg-graph-proposal__note kg-graph-danger-text">{P.outdated}</p>}
      {proposal.changes.length > 1 && <p className="kg-graph-proposal__note">{P.bundle(proposal.changes.length)}</p>}
      {own && reviewer && proposal.state === 'submitted' && <p className="kg-graph-proposal__note">{P.ownProposal}</p>}
      {rejecting ? (
        <form
          className="kg-graph-proposal__reject"
          // The reason's own message (below the field) instead of the browser's bubble.
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            reject();
          }}
        >
          <TextField
            label={P.reason}
            required
            autoFocus
            value={reason}
            maxChars={PROPOSAL_LIMITS.reasonMax}
            error={missing && !reason.trim() ? P.reasonRequired : null}
            onChange={(e) => setReason(e.target.value)}
            disabled={busy}
          />
          <div className="kg-graph-confirm__buttons">
            <Button variant="text" onClick={() => setRejecting(false)} disabled={busy}>
              {V.cancel}
            </Button>
            <Button variant="danger" type="submit" disabled={busy} loading={busy}>
              {P.confirmReject}
            </Button>
          </div>
        </form>
      ) : (
        (mayReview || mayWithdraw) && (
          <div className="kg-graph-proposal__actions" role="group" aria-label={P.actions}>
            {mayWithdraw && (
              <Button variant="outlined" onClick={() => onDecide(proposal.id, 'withdraw')} disabled={busy}>
                {P.withdraw}
              </Button>
            )}
            {mayReview && (
              <>
                <Button variant="outlined" onClick={() => setRejecting(true)} disabled={busy}>
                  {P.reject}
                </Button>
                <Button variant="primary" onClick={() => onDecide(proposal.id, 'approve')} disabled={busy} loading={busy}>
                  {P.approve}
                </Button>
              </>
            )}
          </div>
        )
      )}
    </section>
  );
}
