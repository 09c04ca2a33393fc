import type { ReactNode } from 'react';
import type { TaxonomyType } from '../../contract/knowledge/taxonomy';
import { DataTable, type Column } from '../../ui/table/DataTable';
import type { SortState } from '../../ui/table/table-sort';
import { formatDate } from '../format';
import { TypeActions, TypeName, type TypeActionsProps } from './type-parts';
import { TYPE_SORT_VALUES } from './type-list';

export interface TypeListProps extends TypeActionsProps {
  rows: readonly TaxonomyType[];
  empty: ReactNode;
  busy: boolean;
}

/** The wide-screen list (spec §2): Name (with how many use it), Created Date, Created By, Actions. */
export function TypeTable({ rows, empty, busy, texts, onEdit, onDelete, exportFhir, sort, onSortChange }: TypeListProps & { sort: SortState | null; onSortChange: (s: SortState) => void }) {
  const writable = !!(onEdit || onDelete || exportFhir);
  const columns: Column<TaxonomyType>[] = [
    { key: 'name', header: texts.colName, render: (t) => <TypeName type={t} texts={texts} />, sortValue: TYPE_SORT_VALUES.name },
    { key: 'createdAt', header: texts.colCreated, render: (t) => <span className="kg-admin__date">{formatDate(t.createdAt, '—')}</span>, sortValue: TYPE_SORT_VALUES.createdAt },
    { key: 'createdBy', header: texts.colCreatedBy, render: (t) => <span className="kg-type__creator">{t.createdBy ?? '—'}</span>, sortValue: TYPE_SORT_VALUES.createdBy },
    ...(writable ? [{ key: 'actions', header: texts.colActions, align: 'right' as const, width: exportFhir && (onEdit || onDelete) ? '160px' : '120px', render: (t: TaxonomyType) => <TypeActions type={t} texts={texts} onEdit={onEdit} onDelete={onDelete} exportFhir={exportFhir} /> }] : []),
  ];
  return (
    <DataTable
      label={texts.listLabel}
      className="kg-type-table"
      columns={columns}
      rows={rows}
      rowKey={(t) => t.id}
      sort={sort}
      onSortChange={onSortChange}
      empty={empty}
      busy={busy}
      maxHeight="min(70vh, 680px)"
    />
  );
}
