import { describe, expect, it } from 'vitest';
import { activityTable, changeText, dayToSeconds, periodLabel } from './analytics-data';

describe('activityTable', () => {
  it('pivots user × week rows, fills empty weeks with 0 and puts the most active first', () => {
    const rows = activityTable({
      weeks: ['2026-11-02', '2026-11-09', '2026-11-16'],
      data: [
        { week: '2026-11-02', userId: 'u1', username: 'ann', changes: 2 },
        { week: '2026-11-16', userId: 'u1', username: 'ann', changes: 1 },
        { week: '2026-11-09', userId: 'u2', username: 'bob', changes: 7 },
        { week: '2026-11-09', userId: null, username: 'gone', changes: 1 },
        { week: '2020-01-06', userId: 'u2', username: 'bob', changes: 99 }, // outside the weeks shown
      ],
    });
    expect(rows).toEqual([
      { key: 'u2', username: 'bob', perWeek: [0, 7, 0], total: 7 },
      { key: 'u1', username: 'ann', perWeek: [2, 0, 1], total: 3 },
      { key: 'name:gone', username: 'gone', perWeek: [0, 1, 0], total: 1 },
    ]);
  });

  it('is empty without activity', () => {
    expect(activityTable({ weeks: ['2026-11-02'], data: [] })).toEqual([]);
  });
});

describe('labels', () => {
  it('names periods in UTC and shows changes with a sign', () => {
    expect(periodLabel('2026-11-01', 'month')).toBe('Nov 2026');
    expect(periodLabel('2026-11-23', 'week')).toBe('Nov 23');
    expect(dayToSeconds('1970-01-02')).toBe(86_400);
    expect(changeText(10, 1_510)).toBe('+1,500');
    expect(changeText(5, 2)).toBe('−3');
    expect(changeText(4, 4)).toBe('±0');
  });
});
