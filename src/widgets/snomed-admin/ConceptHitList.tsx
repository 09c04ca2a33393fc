import type { ReactNode } from 'react';
import type { SnomedConceptHit } from '../../contract/knowledge/snomed';
import { SNOMED_CONCEPT_TEXTS as C } from '../../contract/texts/snomed';
import { IconButton } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/table/DataTable';
import { EyeIcon } from '../../ui/icons';
import { StatusChip } from '../parts/admin';
import { ConceptHitMeta, conceptTitle } from '../parts/snomed-concept';

export interface ConceptHitListProps {
  hits: readonly SnomedConceptHit[];
  narrow: boolean;
  /** Name concepts by their fully specified name instead of the preferred term. */
  fsn: boolean;
  busy: boolean;
  onOpen: (hit: SnomedConceptHit) => void;
  empty: ReactNode;
}

const Status = ({ h }: { h: SnomedConceptHit }) => <StatusChip active={h.active} activeText={C.active} inactiveText={C.inactive} />;

// Module-level components: one defined inside the list would be a new type on every render, and
// React would replace its button whenever the list re-renders (a search's busy state, its answer),
// so a click pressed on the old button and released on the new one would be lost.
const Name = ({ h, fsn }: { h: SnomedConceptHit; fsn: boolean }) => (
  <span className="kg-snomed__hit">
    <span className="kg-snomed__term">{conceptTitle(h, fsn)}</span>
    <ConceptHitMeta hit={h} showTag={false} />
  </span>
);

const Open = ({ h, onOpen }: { h: SnomedConceptHit; onOpen: (hit: SnomedConceptHit) => void }) => (
  <IconButton label={C.browseOf(conceptTitle(h))} title={C.browse} onClick={() => onOpen(h)}>
    <EyeIcon />
  </IconButton>
);

/** The catalogue's concept view: one entry per concept, its preferred term (or FSN), the synonym a search matched, tag and status. */
export function ConceptHitList({ hits, narrow, fsn, busy, onOpen, empty }: ConceptHitListProps) {
  if (narrow) {
    if (hits.length === 0) return <div className="kg-admin__empty">{empty}</div>;
    return (
      <ul className="kg-admin__cards kg-snomed__cards" aria-label={C.viewConcepts} aria-busy={busy || undefined}>
        {hits.map((h) => (
          <li key={h.concept_id} className="kg-admin-card">
            <Name h={h} fsn={fsn} />
            <div className="kg-admin-card__chips">
              <span className="kg-snomed__code">{h.concept_id}</span>
              {h.semanticTag && <span className="kg-snomed__tag">{h.semanticTag}</span>}
              <Status h={h} />
              <span className="kg-snomed__actions">
                <Open h={h} onOpen={onOpen} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  const columns: Column<SnomedConceptHit>[] = [
    { key: 'concept', header: C.colConcept, render: (h) => <span className="kg-snomed__code">{h.concept_id}</span>, width: '170px' },
    { key: 'term', header: fsn ? C.colFsn : C.colTerm, render: (h) => <Name h={h} fsn={fsn} /> },
    { key: 'tag', header: C.colTag, render: (h) => <span className="kg-snomed__tag">{h.semanticTag ?? '—'}</span>, width: '170px' },
    { key: 'active', header: C.colStatus, render: (h) => <Status h={h} />, width: '120px' },
    { key: 'actions', header: C.colActions, align: 'right', render: (h) => <Open h={h} onOpen={onOpen} />, width: '96px' },
  ];
  return <DataTable label={C.viewConcepts} className="kg-snomed-table" columns={columns} rows={hits} rowKey={(h) => h.concept_id} empty={empty} busy={busy} maxHeight="min(70vh, 680px)" />;
}
