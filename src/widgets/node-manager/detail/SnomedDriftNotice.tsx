import { useState } from 'react';
import type { NodeSnomedDrift } from '../../../contract/knowledge/snomed';
import { SNOMED_DRIFT_TEXTS as D } from '../../../contract/texts/snomed';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { formatDate } from '../../format';
import { SnomedDriftBadge } from '../../parts/node-table';

export interface SnomedDriftNoticeProps {
  drift: NodeSnomedDrift;
  /** Shown only to who may edit the node: pick another code (opens the edit form) or accept the change. */
  canResolve: boolean;
  onPickAnother: () => void;
  /** Accepts the catalogue's change (POST /snomed/drift/{id}/accept); rejects when the call fails. */
  onAccept: () => Promise<void>;
}

/** Node detail's warning: what an import did to the node's SNOMED code, the terms before and now, and the two ways to resolve it. */
export function SnomedDriftNotice({ drift, canResolve, onPickAnother, onAccept }: SnomedDriftNoticeProps) {
  const [busy, setBusy] = useState(false);
  const accept = () => {
    setBusy(true);
    void onAccept().finally(() => setBusy(false));
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
      {canResolve && (
        <div className="kg-drift-notice__actions">
          <Button variant="outlined" onClick={onPickAnother}>
            {D.pickAnother}
          </Button>
          <Button onClick={accept} disabled={busy}>
            {D.accept}
          </Button>
        </div>
      )}
    </Alert>
  );
}
