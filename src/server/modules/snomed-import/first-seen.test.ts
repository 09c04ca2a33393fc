import { describe, expect, it } from 'vitest';
import { FirstSeen } from './first-seen';

describe('FirstSeen', () => {
  it('answers the first row of a repeated id, and nothing the first time', () => {
    const seen = new FirstSeen(4);
    expect(seen.firstRow('900000000000207008', 2)).toBeUndefined();
    expect(seen.firstRow('1', 3)).toBeUndefined();
    expect(seen.firstRow('900000000000207008', 9)).toBe(2);
    expect(seen.firstRow('1', 10)).toBe(3);
  });

  it('tells ids apart that differ only by leading zeros (the column is text)', () => {
    const seen = new FirstSeen(4);
    expect(seen.firstRow('42', 2)).toBeUndefined();
    expect(seen.firstRow('042', 3)).toBeUndefined();
    expect(seen.firstRow('0', 4)).toBeUndefined();
    expect(seen.firstRow('042', 5)).toBe(3);
    expect(seen.firstRow('0', 6)).toBe(4);
  });

  it('keeps every id when it grows past the expected count', () => {
    const seen = new FirstSeen(10);
    for (let i = 0; i < 50_000; i++) expect(seen.firstRow(String(100_000_000 + i * 7919), i + 2)).toBeUndefined();
    for (let i = 0; i < 50_000; i += 997) expect(seen.firstRow(String(100_000_000 + i * 7919), 0)).toBe(i + 2);
  });
});
