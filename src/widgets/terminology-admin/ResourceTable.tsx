import type { ReactNode } from 'react';
import type { TerminologyResource } from '../../contract/knowledge/terminology';
import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/table/DataTable';

export interface ResourceTableProps {
  rows: readonly TerminologyResource[];
  narrow: boolean;
  busy: boolean;
  empty: ReactNode;
  onConcepts: (resource: TerminologyResource) => void;
}

const nameOf = (r: TerminologyResource) => r.title ?? r.name ?? r.id;
const count = (r: TerminologyResource) => (r.conceptCount === null ? '—' : r.conceptCount.toLocaleString(document.documentElement.lang || undefined));

function ConceptsButton({ r, onConcepts }: { r: TerminologyResource; onConcepts: (r: TerminologyResource) => void }) {
  if (r.resourceType !== 'CodeSystem') return null;
  return (
    <Button variant="outlined" aria-label={T.showConceptsOf(nameOf(r))} onClick={() => onConcepts(r)}>
      {T.showConcepts}
    </Button>
  );
}

function Name({ r }: { r: TerminologyResource }) {
  return (
    <span className="kg-terminology__name">
      <span className="kg-terminology__title">{nameOf(r)}</span>
      {r.title && r.name && r.name !== r.title && <span className="kg-terminology__muted">{r.name}</span>}
    </span>
  );
}

/** The stored resources as a table, or cards when narrow. */
export function ResourceTable({ rows, narrow, busy, empty, onConcepts }: ResourceTableProps) {
  if (narrow) {
    if (rows.length === 0) return <div className="kg-admin__empty">{empty}</div>;
    return (
      <ul className="kg-admin__cards" aria-label={T.tableLabel} aria-busy={busy || undefined}>
        {rows.map((r) => (
          <li key={`${r.resourceType}/${r.id}`} className="kg-admin-card kg-terminology-card">
            <div className="kg-admin-card__head">
              <Name r={r} />
              <span className="kg-chip">{r.resourceType}</span>
            </div>
            {r.url && <span className="kg-terminology__url">{r.url}</span>}
            <div className="kg-terminology-card__facts">
              <span>
                {T.version}: {r.version ?? '—'}
              </span>
              <span>
                {T.status}: {r.status}
              </span>
              {r.conceptCount !== null && (
                <span>
                  {T.concepts}: {count(r)}
                </span>
              )}
            </div>
            <ConceptsButton r={r} onConcepts={onConcepts} />
          </li>
        ))}
      </ul>
    );
  }
  // Built at render: headers read at load would stay in the language of that moment.
  const columns: Column<TerminologyResource>[] = [
    { key: 'type', header: T.type, render: (r) => <span className="kg-chip">{r.resourceType}</span>, width: '130px' },
    { key: 'name', header: T.name, render: (r) => <Name r={r} /> },
    { key: 'url', header: T.url, render: (r) => <span className="kg-terminology__url">{r.url ?? '—'}</span> },
    { key: 'version', header: T.version, render: (r) => r.version ?? '—', width: '100px' },
    { key: 'status', header: T.status, render: (r) => r.status, width: '90px' },
    { key: 'concepts', header: T.concepts, render: count, align: 'right', width: '100px' },
    { key: 'actions', header: T.actions, render: (r) => <ConceptsButton r={r} onConcepts={onConcepts} />, width: '120px', hideHeader: true },
  ];
  return <DataTable label={T.tableLabel} columns={columns} rows={rows} rowKey={(r) => `${r.resourceType}/${r.id}`} empty={empty} busy={busy} />;
}
