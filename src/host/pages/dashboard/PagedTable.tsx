import { DataTable, Pagination, type Column } from '../../../ui';
import { TABLE_PAGE_SIZES } from './texts';
import type { TablePaging } from './use-table-paging';

interface PagedTableProps<T> {
  label: string;
  columns: Column<T>[];
  paging: TablePaging<T>;
  rowKey: (row: T) => string;
  empty: string;
  busy: boolean;
}

/** A dashboard table (spec §2): sortable, sticky header, paged on the client over the loaded rows. */
export function PagedTable<T>({ label, columns, paging, rowKey, empty, busy }: PagedTableProps<T>) {
  return (
    <div className="kg-dash-table">
      <DataTable label={label} columns={columns} rows={paging.rows} rowKey={rowKey} sort={paging.sort} onSortChange={paging.setSort} empty={empty} maxHeight="560px" busy={busy} />
      <Pagination
        page={paging.page}
        pageSize={paging.pageSize}
        total={paging.total}
        pageSizes={TABLE_PAGE_SIZES}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
      />
    </div>
  );
}
