import { describe, expect, it } from 'vitest';
import { compareValues, nextSort, pageOf, sortRows } from './table-sort';

describe('table sorting and paging', () => {
  it('sorts strings naturally and case-insensitively, numbers numerically, empties last both ways', () => {
    const rows = [{ v: 'b10' }, { v: null }, { v: 'B2' }, { v: 'a' }, { v: '' }];
    expect(sortRows(rows, (r) => r.v, 'asc').map((r) => r.v)).toEqual(['a', 'B2', 'b10', null, '']);
    expect(sortRows(rows, (r) => r.v, 'desc').map((r) => r.v)).toEqual(['b10', 'B2', 'a', null, '']);
    expect(sortRows([{ n: 10 }, { n: 9 }, { n: 100 }], (r) => r.n, 'asc').map((r) => r.n)).toEqual([9, 10, 100]);
    expect(compareValues(undefined, 'x')).toBe(1);
  });

  it('keeps the original order of equal rows and copies without a sort value', () => {
    const rows = [
      { k: 1, v: 'x' },
      { k: 2, v: 'x' },
      { k: 3, v: 'a' },
    ];
    expect(sortRows(rows, (r) => r.v, 'asc').map((r) => r.k)).toEqual([3, 1, 2]);
    expect(sortRows(rows, undefined, 'asc')).not.toBe(rows);
  });

  it('a new column sorts ascending, the same column flips', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'email')).toEqual({ key: 'email', direction: 'asc' });
  });

  it('pages rows and clamps a page that no longer exists', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 0, 10)).toEqual({ rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], page: 0 });
    expect(pageOf(rows, 2, 10)).toEqual({ rows: [20, 21, 22], page: 2 });
    expect(pageOf(rows, 5, 10).page).toBe(2);
    expect(pageOf([], 3, 10)).toEqual({ rows: [], page: 0 });
  });
});
