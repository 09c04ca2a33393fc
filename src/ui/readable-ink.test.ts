import { describe, expect, it } from 'vitest';
import { TYPE_PALETTE, UNKNOWN_TYPE_COLOR } from '../contract/type-colors';
import { contrastRatio, DARK_INK, LIGHT_INK, readableInk } from './readable-ink';

describe('readableInk (the text on a chip in a type colour)', () => {
  it('keeps white text on every default palette colour', () => {
    for (const color of [...TYPE_PALETTE, UNKNOWN_TYPE_COLOR]) expect(readableInk(color), color).toBe(LIGHT_INK);
  });

  it('switches to dark text on a pale stored colour, where white would fail AA', () => {
    for (const pale of ['#ffeb3b', '#e0e0e0', '#8bc34a', '#ffffff', '#4fc3f7']) {
      expect(contrastRatio(pale, LIGHT_INK), pale).toBeLessThan(4.5);
      expect(readableInk(pale), pale).toBe(DARK_INK);
      expect(contrastRatio(pale, DARK_INK), pale).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1565c0', '#ffffff')).toBeCloseTo(5.75, 2);
  });
});
