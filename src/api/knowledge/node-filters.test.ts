import { describe, expect, it } from 'vitest';
import { endOfLocalDay, joinTypeNames, startOfLocalDay } from './node-filters';

describe('search filter encoding', () => {
  it('joins type names with commas, escaping commas and backslashes inside names', () => {
    expect(joinTypeNames(['Disease', 'Lab, Panel', 'a\\b'])).toBe('Disease,Lab\\, Panel,a\\\\b');
  });

  it('reads date inputs as local days: after from midnight, before to the last millisecond', () => {
    const start = new Date(startOfLocalDay('2024-03-15')!);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([2024, 2, 15, 0, 0]);
    const end = new Date(endOfLocalDay('2024-03-15')!);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([15, 23, 59, 59, 999]);
    expect(end.getTime() - start.getTime()).toBe(24 * 3600 * 1000 - 1);
    expect(startOfLocalDay('')).toBeNull();
    expect(endOfLocalDay('15/03/2024')).toBeNull();
  });
});
