/** Sorting for DataTable (pure, so lists and card views sort the same way and tests need no DOM). */
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}
export type SortValue = string | number | boolean | null | undefined;

const collator = typeof Intl !== 'undefined' ? new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }) : null;

/** Compares two values; empty values (null, undefined, '') always sort last. */
export function compareValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(b) - Number(a);
  const sa = String(a);
  const sb = String(b);
  return collator ? collator.compare(sa, sb) : sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** A stable sort by `value`, in the given direction; empty values stay last either way. */
export function sortRows<T>(rows: readonly T[], value: ((row: T) => SortValue) | undefined, direction: SortDirection): T[] {
  if (!value) return [...rows];
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((x, y) => {
      const emptyX = x.v === null || x.v === undefined || x.v === '';
      const emptyY = y.v === null || y.v === undefined || y.v === '';
      if (emptyX !== emptyY) return emptyX ? 1 : -1;
      return sign * compareValues(x.v, y.v) || x.index - y.index;
    })
    .map((e) => e.row);
}

/** Clicking a header: a new column sorts ascending, the same column flips. */
export function nextSort(current: SortState | null, key: string): SortState {
  return current?.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };
}

/** The rows of one page, and the page clamped to what exists (after a delete or a filter). */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): { rows: T[]; page: number } {
  const last = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const p = Math.min(Math.max(0, page), last);
  return { rows: rows.slice(p * pageSize, p * pageSize + pageSize), page: p };
}
