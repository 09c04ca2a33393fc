import type { CSSProperties, ReactNode } from 'react';
import { cx } from '../cx';
import { ArrowDownIcon, ArrowUpIcon } from '../icons';
import { nextSort, type SortState, type SortValue } from './table-sort';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => SortValue;
  align?: 'left' | 'right' | 'center';
  width?: string;
  /** Hide the header text visually (e.g. an Actions column), keeping it for screen readers. */
  hideHeader?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology. */
  label: string;
  columns: readonly Column<T>[];
  /** The rows to show (already sorted and paged by the owner). */
  rows: readonly T[];
  rowKey: (row: T) => string;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /** Shown in one full-width row when there are no rows. */
  empty?: ReactNode;
  /** The header sticks to the top of this scroll box. */
  maxHeight?: string;
  busy?: boolean;
  className?: string;
}

/**
 * A table with sortable headers (buttons; aria-sort on the sorted column) and a header that
 * sticks while its box scrolls. Presentational: the owner keeps sort and page state, so a card
 * view of the same rows can sort and page identically.
 */
export function DataTable<T>({ label, columns, rows, rowKey, sort, onSortChange, empty, maxHeight, busy, className }: DataTableProps<T>) {
  const style: CSSProperties | undefined = maxHeight ? { maxHeight } : undefined;
  return (
    <div className={cx('kg-table-wrap', className)} style={style} role="region" aria-label={label} tabIndex={0}>
      <table className="kg-table" aria-busy={busy || undefined}>
        <thead>
          <tr>
            {columns.map((col) => {
              const sorted = sort?.key === col.key ? sort.direction : undefined;
              const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
              return (
                <th key={col.key} scope="col" aria-sort={ariaSort} style={{ width: col.width, textAlign: col.align }}>
                  {col.sortValue && onSortChange ? (
                    <button type="button" className={cx('kg-table__sort', sorted && 'kg-table__sort--active')} onClick={() => onSortChange(nextSort(sort ?? null, col.key))}>
                      {col.header}
                      <span className="kg-table__sort-icon" aria-hidden="true">
                        {sorted === 'desc' ? <ArrowDownIcon /> : <ArrowUpIcon />}
                      </span>
                    </button>
                  ) : (
                    <span className={col.hideHeader ? 'kg-visually-hidden' : undefined}>{col.header}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="kg-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((col) => (
                  <td key={col.key} style={{ textAlign: col.align }}>
                    {col.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
