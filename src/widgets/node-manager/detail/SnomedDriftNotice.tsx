import { useCallback, useMemo, useState } from 'react';
import type { ApiClient } from '../../../api/client';
import { snomedApi } from '../../../api/knowledge/snomed';
import type { NodeSnomedDrift, SnomedReplacement } from '../../../contract/knowledge/snomed';
import { SNOMED_CONCEPT_TEXTS as C, SNOMED_DRIFT_TEXTS as D } from '../../../contract/texts/snomed';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/feedback/Spinner';
import { formatDate } from '../../format';
import { SnomedDriftBadge } from '../../parts/node-table';
import { useLoad } from '../../hooks/use-load';

export interface SnomedDriftNoticeProps {
  api: ApiClient;
  /** The node's (retired, inactive or renamed) code. */
  code: string;
  drift: NodeSnomedDrift;
  /** Shown only to who may edit the node: pick another code (opens the edit form) or accept the change. */
  canResolve: boolean;
  onPickAnother: () => void;
  /** Accepts the catalogue's change (POST /snomed/drift/{id}/accept); rejects when the call fails. */
  onAccept: () => Promise<void>;
  /** Recodes the node to a suggested replacement (POST /snomed/drift/{id}/replace); rejects when the call fails. */
  onReplace: (replacement: SnomedReplacement) => Promise<void>;
  /** Opens a concept in the hierarchy browser. */
  onBrowse: (conceptId: string) => void;
}

/**
 * What the release suggests instead of a retired code: the association reference sets' replacements
 * (GET /snomed/concepts/{code}), each with "Accept replacement".
 */
function Replacements({ api, code, busy, canResolve, onReplace, onBrowse }: Pick<SnomedDriftNoticeProps, 'api' | 'code' | 'canResolve' | 'onBrowse'> & { busy: boolean; onReplace: (r: SnomedReplacement) => void }) {
  const calls = useMemo(() => snomedApi(api), [api]);
  const load = useCallback((signal: AbortSignal) => calls.concept(code, signal), [calls, code]);
  const concept = useLoad(load);
  if (concept.status === 'loading') return <Spinner size={16} label={C.loading} />;
  // A code gone from the catalogue answers 404: no suggestion to make, the reason above says why.
  const list = concept.data?.replacements ?? [];
  return (
    <div className="kg-drift-notice__replacements">
      <strong>{D.replacements}</strong>
      {list.length === 0 ? (
        <p className="kg-drift-notice__none">{D.noReplacement}</p>
      ) : (
        <ul>
          {list.map((r) => (
            <li key={`${r.type}:${r.id}`}>
              <span className="kg-drift-notice__assoc">{C.associations[r.type]}</span>
              <button type="button" className="kg-concept__link" onClick={() => onBrowse(r.id)}>
                <span className="kg-concept__link-term">{r.preferredTerm ?? r.id}</span>
                <span className="kg-concept__link-id">{r.id}</span>
              </button>
              {!r.active && <span className="kg-chip kg-chip--muted">{C.inactive}</span>}
              {canResolve && (
                <Button variant="outlined" disabled={busy} aria-label={D.acceptReplacementOf(r.preferredTerm ?? r.id)} onClick={() => onReplace(r)}>
                  {D.acceptReplacement}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Node detail's warning: what an import did to the node's SNOMED code, the terms before and now, the suggested replacements and the ways to resolve it. */
export function SnomedDriftNotice({ api, code, drift, canResolve, onPickAnother, onAccept, onReplace, onBrowse }: SnomedDriftNoticeProps) {
  const [busy, setBusy] = useState(false);
  const run = (call: () => Promise<void>) => {
    setBusy(true);
    void call().finally(() => setBusy(false));
  };
  return (
    <Alert severity="warning" className="kg-drift-notice">
      <div className="kg-drift-notice__head">
        <SnomedDriftBadge drift={drift} />
        <strong>{D.kinds[drift.kind]}</strong>
      </div>
      <dl className="kg-drift-notice__terms">
        <div>
          <dt>{D.was}</dt>
          <dd>{drift.previousTerm ?? '—'}</dd>
        </div>
        <div>
          <dt>{D.now}</dt>
          <dd>{drift.currentTerm ?? '—'}</dd>
        </div>
        <div>
          <dt>{D.detected}</dt>
          <dd>{formatDate(drift.detectedAt, '—')}</dd>
        </div>
      </dl>
      {drift.kind !== 'term_changed' && (
        <Replacements api={api} code={code} busy={busy} canResolve={canResolve} onReplace={(r) => run(() => onReplace(r))} onBrowse={onBrowse} />
      )}
      {canResolve && (
        <div className="kg-drift-notice__actions">
          <Button variant="outlined" onClick={onPickAnother}>
            {D.pickAnother}
          </Button>
          <Button onClick={() => run(onAccept)} disabled={busy}>
            {D.accept}
          </Button>
        </div>
      )}
    </Alert>
  );
}
