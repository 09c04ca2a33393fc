import type { ReactNode } from 'react';
import type { AuditLogEntry } from '../../contract/admin/audit-log';
import { AUDIT_LOG_TEXTS as T } from '../../contract/texts/admin/audit';
import { DataTable, type Column } from '../../ui/table/DataTable';
import { ActionChip, Actor, Changes, RecordCell, When } from './EntryParts';

export interface AuditTableProps {
  rows: readonly AuditLogEntry[];
  narrow: boolean;
  busy: boolean;
  empty: ReactNode;
}

// Built at render: headers read at load would stay in the language of that moment.
const columns = (): Column<AuditLogEntry>[] => [
  { key: 'at', header: T.when, render: (e) => <When e={e} />, width: '120px' },
  { key: 'actor', header: T.user, render: (e) => <Actor e={e} />, width: '150px' },
  { key: 'action', header: T.action, render: (e) => <ActionChip e={e} />, width: '150px' },
  { key: 'record', header: T.entity, render: (e) => <RecordCell e={e} />, width: '190px' },
  { key: 'changes', header: T.changes, render: (e) => <Changes e={e} /> },
];

/** One page of events, newest first (the server's order: no column sorting), or cards when narrow. */
export function AuditTable({ rows, narrow, busy, empty }: AuditTableProps) {
  if (narrow) {
    if (rows.length === 0) return <div className="kg-admin__empty">{empty}</div>;
    return (
      <ul className="kg-admin__cards kg-audit__cards" aria-label={T.tableLabel} aria-busy={busy || undefined}>
        {rows.map((e) => (
          <li key={e.id} className="kg-admin-card kg-audit-card">
            <div className="kg-admin-card__head">
              <Actor e={e} />
              <When e={e} />
            </div>
            <div className="kg-admin-card__chips">
              <ActionChip e={e} />
              <RecordCell e={e} />
            </div>
            <Changes e={e} />
          </li>
        ))}
      </ul>
    );
  }
  return <DataTable label={T.tableLabel} className="kg-audit-table" columns={columns()} rows={rows} rowKey={(e) => e.id} empty={empty} busy={busy} maxHeight="min(70vh, 720px)" />;
}
