import { useState } from 'react';
import type { ApiClient } from '../../../api/client';
import type { SnomedConceptDetail } from '../../../contract/knowledge/snomed';
import { SNOMED_CONCEPT_TEXTS as T } from '../../../contract/texts/snomed';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/overlay/Dialog';
import { ArrowLeftIcon } from '../../../ui/icons';
import { ConceptBrowser } from './ConceptBrowser';
import { back, visit } from './concept-view';

export interface ConceptBrowserDialogProps {
  api: ApiClient;
  /** The concept it opens on; null: closed. */
  conceptId: string | null;
  onClose: () => void;
  /** Given: a "Use this concept" button chooses the concept on screen (the pickers). */
  onChoose?: (concept: { code: string; term: string | null; active: boolean; semanticTag: string | null }) => void;
}

/** The concept browser in a dialog: walk up and down the hierarchy, Back to the concept before. */
export function ConceptBrowserDialog({ conceptId, onClose, ...rest }: ConceptBrowserDialogProps) {
  return (
    <Dialog open={conceptId !== null} title={T.title} onClose={onClose} className="kg-concept-dialog">
      {/* Keyed by the first concept: a new opening starts a new trail. */}
      {conceptId !== null && <BrowserTrail key={conceptId} first={conceptId} onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function BrowserTrail({ api, first, onClose, onChoose }: Omit<ConceptBrowserDialogProps, 'conceptId'> & { first: string }) {
  const [trail, setTrail] = useState([first]);
  const [shown, setShown] = useState<SnomedConceptDetail | null>(null);
  const current = trail[trail.length - 1];
  return (
    <>
      <ConceptBrowser key={current} api={api} conceptId={current} onOpen={(id) => setTrail((t) => visit(t, id))} onLoaded={setShown} />
      <div className="kg-concept-dialog__actions">
        {trail.length > 1 && (
          <Button variant="text" startIcon={<ArrowLeftIcon />} onClick={() => setTrail(back)}>
            {T.back}
          </Button>
        )}
        <span className="kg-concept-dialog__spacer" />
        {onChoose && (
          <Button
            variant="outlined"
            disabled={shown?.conceptId !== current}
            onClick={() => {
              if (!shown) return;
              onChoose({ code: shown.conceptId, term: shown.preferredTerm, active: shown.active, semanticTag: shown.semanticTag });
              onClose();
            }}
          >
            {T.useConcept}
          </Button>
        )}
        <Button onClick={onClose}>{T.close}</Button>
      </div>
    </>
  );
}
