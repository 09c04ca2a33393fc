import { useCallback, useMemo, useState } from 'react';
import { reviewApi } from '../../../api/knowledge/review';
import { OPEN_PROPOSAL_STATES, PROPOSAL_STATES, type Proposal, type ProposalState } from '../../../contract/knowledge/review';
import { PROPOSAL_TEXTS } from '../../../contract/texts/knowledge/proposals';
import { failureText } from '../../../machines/error-text';
import { Alert, BlockSpinner, Button, Card, Chip, Dialog, ErrorState, SelectField, Toast } from '../../../ui';
import { changeSummary, formatDate, useLiveChanges, useLoad, useToast } from '../../../widgets';
import { api } from '../../session';
import '../../../ui/controls.css';
import './proposals.css';

const T = PROPOSAL_TEXTS.page;
const PAGE = 50;

/**
 * /proposals, "My proposals": the signed-in user's own proposals (newest first) with their state,
 * what they change, the reviewer and a rejection's reason; withdraw an open one (after a confirm),
 * submit a draft. Reloads on proposal live messages (the server sends them to the proposer).
 */
export function MyProposalsPage() {
  const calls = useMemo(() => reviewApi(api), []);
  const [state, setState] = useState<ProposalState | ''>('');
  const [limit, setLimit] = useState(PAGE);
  const list = useLoad((signal) => calls.list({ mine: '1', state: state || undefined, limit }, signal));
  const reload = list.reload;
  const [asked, setAsked] = useState<Proposal | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { toast, show, close } = useToast();
  useLiveChanges(
    api,
    useCallback((c) => c.entityType === 'proposal', []),
    () => void reload(),
  );
  const change = (next: { state?: ProposalState | ''; limit?: number }) => {
    if (next.state !== undefined) setState(next.state);
    setLimit(next.limit ?? PAGE);
    // The loader reads the new filter on its next run.
    setTimeout(() => void reload(), 0);
  };
  const act = async (p: Proposal, step: 'withdraw' | 'submit') => {
    setBusy(p.id);
    try {
      await calls[step](p.id);
      show(step === 'withdraw' ? T.withdrawn : T.submitted);
      setAsked(null);
      await reload();
    } catch (err) {
      show(failureText(err, T.actionFailed), 'error');
    } finally {
      setBusy(null);
    }
  };

  const proposals = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const options = [{ value: '', label: T.all }, ...PROPOSAL_STATES.map((s) => ({ value: s, label: PROPOSAL_TEXTS.state[s] }))];
  return (
    <div className="kg-proposals">
      <div className="kg-proposals__bar">
        <p className="kg-proposals__intro">{T.intro}</p>
        <SelectField className="kg-proposals__filter" label={T.stateFilter} value={state} options={options} onChange={(v) => change({ state: v as ProposalState | '' })} />
      </div>
      {list.status === 'error' && !list.data ? (
        <ErrorState text={T.loadFailed} retryLabel={T.retry} onRetry={() => void reload()} />
      ) : !list.data ? (
        <div aria-label={T.loading}>
          <BlockSpinner />
        </div>
      ) : proposals.length === 0 ? (
        <p className="kg-proposals__empty">{T.empty}</p>
      ) : (
        <ul className="kg-proposals__list" aria-busy={list.refreshing || undefined}>
          {proposals.map((p) => (
            <li key={p.id}>
              <ProposalCard proposal={p} busy={busy === p.id} onWithdraw={() => setAsked(p)} onSubmit={() => void act(p, 'submit')} />
            </li>
          ))}
        </ul>
      )}
      {proposals.length < total && (
        <Button variant="text" onClick={() => change({ limit: limit + PAGE })}>
          {T.more}
        </Button>
      )}
      <Dialog
        open={!!asked}
        title={T.withdraw}
        onClose={() => setAsked(null)}
        busy={!!busy}
        actions={
          <>
            <Button variant="text" onClick={() => setAsked(null)} disabled={!!busy}>
              {T.cancel}
            </Button>
            <Button variant="danger" loading={!!busy} onClick={() => asked && void act(asked, 'withdraw')}>
              {T.withdrawConfirm}
            </Button>
          </>
        }
      >
        <p>{T.withdrawQuestion}</p>
      </Dialog>
      <Toast toast={toast} onClose={close} />
    </div>
  );
}

function ProposalCard({ proposal: p, busy, onWithdraw, onSubmit }: { proposal: Proposal; busy: boolean; onWithdraw: () => void; onSubmit: () => void }) {
  const open = OPEN_PROPOSAL_STATES.includes(p.state);
  return (
    <Card className="kg-proposal" data-state={p.state}>
      <div className="kg-proposal__head">
        <Chip color={p.state === 'approved' ? 'primary' : p.state === 'submitted' || p.state === 'draft' ? 'secondary' : 'default'}>{PROPOSAL_TEXTS.state[p.state]}</Chip>
        <span className="kg-proposal__date">
          {T.created}: {formatDate(p.createdAt, '')}
        </span>
      </div>
      <ul className="kg-proposal__changes" aria-label={T.changes}>
        {p.changes.map((c, i) => {
          const { title, lines } = changeSummary(c);
          return (
            <li key={i} className="kg-proposal__change">
              <strong>{title}</strong>
              {lines.length > 0 && (
                <ul className="kg-proposal__lines">
                  {lines.map((line, j) => (
                    <li key={j}>{line}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {p.outdated && open && <Alert severity="warning">{T.outdated}</Alert>}
      {p.reviewer && (
        <p className="kg-proposal__meta">
          {T.reviewer}: {p.reviewer.name}
          {p.decidedAt && ` · ${formatDate(p.decidedAt, '')}`}
        </p>
      )}
      {p.reason && (
        <p className="kg-proposal__reason">
          {T.reason}: {p.reason}
        </p>
      )}
      {open && (
        <div className="kg-proposal__actions">
          {p.state === 'draft' && (
            <Button onClick={onSubmit} loading={busy} disabled={busy}>
              {T.submit}
            </Button>
          )}
          <Button variant="text" onClick={onWithdraw} disabled={busy}>
            {T.withdraw}
          </Button>
        </div>
      )}
    </Card>
  );
}
