import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, activeFilterCount, toNodeQuery } from './filters';

describe('search page filters', () => {
  it('counts one per non-empty filter', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, text: '  ' })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, text: 'flu', nodeTypes: ['A', 'B'], hasSnomed: 'false', createdBefore: '2024-01-02' })).toBe(4);
  });

  it('builds the server query: full text scope, types joined, local days as instants', () => {
    const q = toNodeQuery({ ...EMPTY_FILTERS, text: ' flu ', nodeTypes: ['Disease', 'Lab, Panel'], hasUrl: 'true', createdBefore: '2024-03-15' });
    expect(q).toMatchObject({ search: 'flu', searchScope: 'full', nodeTypes: 'Disease,Lab\\, Panel', hasUrl: 'true', hasSnomed: undefined, createdAfter: undefined });
    const end = new Date(q.createdBefore!);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([15, 23, 59, 59, 999]);
  });

  it('filters by "descendants of" a SNOMED concept, counted as one filter', () => {
    const f = { ...EMPTY_FILTERS, snomedDescendantOf: { code: '19829001', term: 'Disorder of lung' } };
    expect(activeFilterCount(f)).toBe(1);
    expect(toNodeQuery(f).snomedDescendantOf).toBe('19829001');
    expect(toNodeQuery(EMPTY_FILTERS).snomedDescendantOf).toBeUndefined();
  });
});
