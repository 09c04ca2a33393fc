import type { ReactNode } from 'react';
import { SNOMED_CONCEPT_TEXTS as C, SNOMED_TEXTS as T } from '../../contract/texts/snomed';
import type { SnomedConcept } from '../../contract/knowledge/snomed';
import { StatusChip } from '../parts/admin';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/overlay/Dialog';
import { formatEffectiveTime, orNa } from './concept-format';

/** 'SNOMED Concept Details' (spec §2): every field; the effective time as YYYY-MM-DD. */
export function ConceptDetailsDialog({ concept, onClose, onBrowse }: { concept: SnomedConcept | null; onClose: () => void; onBrowse: (conceptId: string) => void }) {
  const F = T.fields;
  const rows: [string, ReactNode][] = concept
    ? [
        [F.rowId, concept.id],
        [F.conceptId, orNa(concept.concept_id, T.notAvailable)],
        [F.name, orNa(concept.term, T.notAvailable)],
        [F.status, <StatusChip key="s" active={concept.active} activeText={T.active} inactiveText={T.inactive} />],
        [F.effectiveTime, formatEffectiveTime(concept.effective_time, T.notAvailable)],
        [F.moduleId, orNa(concept.module_id, T.notAvailable)],
        [F.languageCode, orNa(concept.language_code, T.notAvailable)],
        [F.typeId, orNa(concept.type_id, T.notAvailable)],
        [F.caseSignificanceId, orNa(concept.case_significance_id, T.notAvailable)],
      ]
    : [];
  return (
    <Dialog open={!!concept} title={T.detailsTitle} onClose={onClose} className="kg-snomed-details" actions={
        <>
          {concept?.concept_id && (
            <Button variant="outlined" onClick={() => onBrowse(concept.concept_id)}>
              {C.browse}
            </Button>
          )}
          <Button onClick={onClose}>{T.close}</Button>
        </>
      }
    >
      <dl className="kg-snomed-details__list">
        {rows.map(([label, value]) => (
          <div key={label} className="kg-snomed-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
