import { useMemo, useState } from 'react';
import { pageOf, sortRows, type SortState, type SortValue } from './table-sort';

/**
 * Client-side sort and paging of a loaded table (the dashboard's tables, the type and user
 * lists): the rows of the current page, and the state for DataTable's sort and Pagination.
 * A new page size goes back to the first page.
 */
export function useTablePaging<T>(rows: readonly T[], sortValues: Record<string, (row: T) => SortValue>, initialPageSize = 10) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const sorted = useMemo(() => (sort ? sortRows(rows, sortValues[sort.key], sort.direction) : rows), [rows, sort, sortValues]);
  const shown = pageOf(sorted, page, pageSize);
  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(0);
  };
  return {
    rows: shown.rows,
    page: shown.page,
    pageSize,
    total: rows.length,
    sort,
    setSort,
    setPage,
    setPageSize: changePageSize,
    /** Spread into <Pagination> with its pageSizes. */
    pagination: { page: shown.page, pageSize, total: rows.length, onPageChange: setPage, onPageSizeChange: changePageSize },
  };
}
export type TablePaging<T> = ReturnType<typeof useTablePaging<T>>;
