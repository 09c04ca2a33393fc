import { useMemo, useState } from 'react';
import { pageOf, sortRows, type SortState, type SortValue } from '../../../ui';
import { DEFAULT_PAGE_SIZE } from './texts';

/** Client-side sort and paging of a loaded dashboard table (spec §2: sizes 5–100, default 10). */
export function useTablePaging<T>(rows: readonly T[], sortValues: Record<string, (row: T) => SortValue>) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const sorted = useMemo(() => (sort ? sortRows(rows, sortValues[sort.key], sort.direction) : rows), [rows, sort, sortValues]);
  const shown = pageOf(sorted, page, pageSize);
  return {
    rows: shown.rows,
    page: shown.page,
    pageSize,
    total: rows.length,
    sort,
    setSort,
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(0);
    },
  };
}
export type TablePaging<T> = ReturnType<typeof useTablePaging<T>>;
