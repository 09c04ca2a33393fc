import type { ReactNode } from 'react';
import { SNOMED_TEXTS as T } from '../../contract/texts/snomed';
import type { SnomedConcept } from '../../contract/knowledge/snomed';
import { IconButton } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/table/DataTable';
import { EyeIcon, TrashIcon } from '../../ui/icons';
import type { SortState } from '../../ui/table/table-sort';
import { StatusChip } from '../parts/admin';
import { conceptName } from './concept-format';

export interface SnomedListProps {
  rows: readonly SnomedConcept[];
  narrow: boolean;
  sort: SortState | null;
  onSortChange: (sort: SortState) => void;
  busy: boolean;
  canDelete: boolean;
  onView: (concept: SnomedConcept) => void;
  onDelete: (concept: SnomedConcept) => void;
  /** What an empty list says (with 'Clear filters' when a search or filter emptied it). */
  empty: ReactNode;
}

function Actions({ concept, canDelete, onView, onDelete }: { concept: SnomedConcept } & Pick<SnomedListProps, 'canDelete' | 'onView' | 'onDelete'>) {
  const name = conceptName(concept);
  return (
    <span className="kg-snomed__actions">
      <IconButton label={`${T.viewDetails}: ${name}`} title={T.viewDetails} onClick={() => onView(concept)}>
        <EyeIcon />
      </IconButton>
      {canDelete && (
        <IconButton label={`${T.delete}: ${name}`} title={T.delete} className="kg-icon-btn--danger" onClick={() => onDelete(concept)}>
          <TrashIcon />
        </IconButton>
      )}
    </span>
  );
}

const Id = ({ c }: { c: SnomedConcept }) => (
  <span className="kg-snomed__id">
    <span className="kg-snomed__code">{c.id}</span>
    <span className="kg-snomed__concept">
      {T.conceptPrefix} {c.concept_id}
    </span>
  </span>
);
const Status = ({ c }: { c: SnomedConcept }) => <StatusChip active={c.active} activeText={T.active} inactiveText={T.inactive} />;

/** The catalogue page: a sortable table (SNOMED ID, Name, Status, Actions), or cards when narrow. */
export function SnomedList({ rows, narrow, sort, onSortChange, busy, empty, ...actions }: SnomedListProps) {
  if (narrow) {
    if (rows.length === 0) return <div className="kg-admin__empty">{empty}</div>;
    return (
      <ul className="kg-admin__cards kg-snomed__cards" aria-label={T.listLabel} aria-busy={busy || undefined}>
        {rows.map((c) => (
          <li key={c.id} className="kg-admin-card">
            <p className="kg-snomed__term">{c.term}</p>
            <div className="kg-admin-card__chips">
              <Id c={c} />
              <Status c={c} />
              <Actions concept={c} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  const columns: Column<SnomedConcept>[] = [
    { key: 'id', header: T.colId, render: (c) => <Id c={c} />, sortValue: (c) => c.id, width: '220px' },
    { key: 'term', header: T.colName, render: (c) => <span className="kg-snomed__term">{c.term}</span>, sortValue: (c) => c.term },
    { key: 'active', header: T.colStatus, render: (c) => <Status c={c} />, sortValue: (c) => c.active, width: '120px' },
    { key: 'actions', header: T.colActions, align: 'right', render: (c) => <Actions concept={c} {...actions} />, width: '112px' },
  ];
  return (
    <DataTable
      label={T.listLabel}
      className="kg-snomed-table"
      columns={columns}
      rows={rows}
      rowKey={(c) => c.id}
      sort={sort}
      onSortChange={onSortChange}
      empty={empty}
      busy={busy}
      maxHeight="min(70vh, 680px)"
    />
  );
}
