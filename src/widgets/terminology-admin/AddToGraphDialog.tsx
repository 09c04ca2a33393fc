import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { TerminologyApi } from '../../api/admin/terminology';
import type { TaxonomyType } from '../../contract';
import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import { addToGraphMachine } from '../../machines/terminology/add-to-graph.machine';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/feedback/Alert';
import { ProgressBar } from '../../ui/feedback/ProgressBar';
import { SelectField } from '../../ui/form/Select';
import { Dialog } from '../../ui/overlay/Dialog';

export interface AddToGraphDialogProps {
  calls: TerminologyApi;
  /** The code system to add; null: the dialog is closed. */
  codeSystem: { id: string; name: string } | null;
  onClose: () => void;
  onNavigate?: (detail: { path: string }) => void;
}

/** Choose a node type and an is-a relation type, start the job, follow its progress, show what it did. */
export function AddToGraphDialog({ calls, codeSystem, onClose, onNavigate }: AddToGraphDialogProps) {
  const actor = useActorRef(addToGraphMachine, { input: { start: calls.addToGraph, job: calls.job } });
  const state = useSelector(actor, (s) => s);
  const [types, setTypes] = useState<{ node: TaxonomyType[]; relation: TaxonomyType[] } | null>(null);
  useEffect(() => {
    if (codeSystem) actor.send({ type: 'open', codeSystem });
    else actor.send({ type: 'close' });
  }, [actor, codeSystem]);
  useEffect(() => {
    if (!codeSystem || types) return;
    let live = true;
    void Promise.all([calls.nodeTypes(), calls.relationTypes()])
      .then(([node, relation]) => live && setTypes({ node, relation }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [calls, codeSystem, types]);
  if (!codeSystem) return null;
  const { nodeTypeId, relationTypeId, error, progress, summary } = state.context;
  const busy = state.matches('starting') || state.matches('running');
  const done = state.matches('done');
  const option = (t: TaxonomyType) => ({ value: t.id, label: t.name });
  return (
    <Dialog
      open
      title={T.addToGraphTitle(codeSystem.name)}
      onClose={onClose}
      busy={busy}
      className="kg-terminology__graph"
      actions={
        done ? (
          <>
            {onNavigate && (
              <Button variant="outlined" onClick={() => onNavigate({ path: '/nodes' })}>
                {T.viewNodes}
              </Button>
            )}
            <Button onClick={onClose}>{T.close}</Button>
          </>
        ) : (
          <>
            <Button variant="text" disabled={busy} onClick={onClose}>
              {T.close}
            </Button>
            <Button disabled={busy || !nodeTypeId || !relationTypeId} loading={busy} onClick={() => actor.send({ type: 'start' })}>
              {busy ? T.adding : T.start}
            </Button>
          </>
        )
      }
    >
      <p className="kg-terminology__hint">{T.addToGraphHint}</p>
      {error && <Alert severity="error">{error}</Alert>}
      <SelectField
        label={T.nodeType}
        value={nodeTypeId}
        placeholder={T.choose}
        options={(types?.node ?? []).map(option)}
        disabled={busy || done}
        onChange={(v) => actor.send({ type: 'choose', nodeTypeId: v })}
      />
      <SelectField
        label={T.relationType}
        value={relationTypeId}
        placeholder={T.choose}
        options={(types?.relation ?? []).map(option)}
        disabled={busy || done}
        onChange={(v) => actor.send({ type: 'choose', relationTypeId: v })}
      />
      {(busy || done) && <ProgressBar value={progress} label={T.progressLabel} message={busy ? T.adding : undefined} showPercent />}
      {done && summary && <Alert severity="success">{T.addDone(summary.nodesCreated, summary.nodesLinked, summary.skipped, summary.relationsCreated)}</Alert>}
    </Dialog>
  );
}
