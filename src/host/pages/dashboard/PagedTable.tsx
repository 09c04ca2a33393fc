import type { ReactNode } from 'react';
import { DataTable, Pagination, type Column, type TablePaging } from '../../../ui';
import { LIMITS } from '../../../contract/limits';

interface PagedTableProps<T> {
  label: string;
  columns: Column<T>[];
  paging: TablePaging<T>;
  rowKey: (row: T) => string;
  empty: ReactNode;
  busy: boolean;
}

/** A dashboard table (spec §2): sortable, sticky header, paged on the client over the loaded rows. */
export function PagedTable<T>({ label, columns, paging, rowKey, empty, busy }: PagedTableProps<T>) {
  return (
    <div className="kg-dash-table">
      <DataTable label={label} columns={columns} rows={paging.rows} rowKey={rowKey} sort={paging.sort} onSortChange={paging.setSort} empty={empty} maxHeight="560px" busy={busy} />
      <Pagination {...paging.pagination} pageSizes={LIMITS.dashboardPageSizes} />
    </div>
  );
}
