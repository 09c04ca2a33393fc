import { useId } from 'react';
import { IconButton } from '../Button';
import { cx } from '../cx';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { UI_TEXTS } from '../../contract/texts/common';

export interface PaginationProps {
  /** 0-based page. */
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Shown instead of the total (e.g. 'more than 1,000' when the server capped its count). */
  totalText?: string;
  /** More rows exist than `total` (a capped count): the next page stays reachable. */
  more?: boolean;
  className?: string;
}

/** "Rows per page" with the allowed sizes, "1–10 of 42", previous and next page buttons. */
export function Pagination({ page, pageSize, total, pageSizes, onPageChange, onPageSizeChange, totalText, more, className }: PaginationProps) {
  const id = useId();
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <div className={cx('kg-pagination', className)}>
      <label className="kg-pagination__size" htmlFor={id}>
        <span>{UI_TEXTS.rowsPerPage}</span>
        <select id={id} className="kg-pagination__select" value={pageSize} onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="kg-pagination__range" aria-live="polite">
        {UI_TEXTS.range(String(from), String(to), String(totalText ?? total))}
      </span>
      <span className="kg-pagination__nav">
        <IconButton label={UI_TEXTS.previousPage} disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton label={UI_TEXTS.nextPage} disabled={!more && page >= lastPage} onClick={() => onPageChange(page + 1)}>
          <ChevronRightIcon />
        </IconButton>
      </span>
    </div>
  );
}
