import { describe, expect, it } from 'vitest';
import { skeleton, usernameSkeleton } from './skeleton';

/**
 * The TS #39 skeleton (NFD, each character to its confusables.txt prototype, NFD). The expected
 * values are the standard's own examples and single mappings read from confusables.txt; the whole
 * function was also compared once with ICU's SpoofChecker.getSkeleton (ICU 72) over every code
 * point ICU knows and 44,000 random strings, with no difference (docs/SECURITY.md).
 */
describe('skeleton (Unicode TS #39)', () => {
  it("maps the standard's example to its Latin prototype", () => {
    expect(skeleton('𝔭𝒶ỿ𝕡𝕒ℓ')).toBe('paypal');
  });

  it.each([
    ['Cyrillic a', '\u0430', 'a'],
    ['Greek omicron', '\u03bf', 'o'],
    ['digit one', '1', 'l'],
    ['digit zero', '0', 'O'],
    ['m', 'm', 'rn'],
    ['full-width a', '\uff41', 'a'],
    ['mathematical bold A', '\u{1d400}', 'A'],
    ['dotless i', '\u0131', 'i'],
  ])('%s maps to its prototype', (_, input, prototype) => {
    expect(skeleton(input)).toBe(prototype);
  });

  it('decomposes before and after mapping: precomposed and decomposed accents have one skeleton', () => {
    expect(skeleton('adél')).toBe(skeleton('ade\u0301l'));
    expect(skeleton('adél')).toBe('ade\u0301l');
  });

  it('keeps characters that have no prototype, and visible accents apart', () => {
    expect(skeleton('zebra')).toBe('zebra');
    expect(skeleton('adél')).not.toBe(skeleton('adel'));
  });

  it('leaves invisible characters in place (they are refused before any comparison)', () => {
    expect(skeleton('ad\u200bmin')).not.toBe(skeleton('admin'));
  });
});

describe('usernameSkeleton', () => {
  it('is one key for every spelling that passes for "admin"', () => {
    const key = usernameSkeleton('admin');
    for (const spelling of ['Admin', 'ADMIN', 'ａｄｍｉｎ', '\u0430dmin', 'АDMIN', 'adrnin', 'ɑdmin', '𝐚𝐝𝐦𝐢𝐧']) {
      expect(usernameSkeleton(spelling), spelling).toBe(key);
    }
  });

  it('tells different names apart', () => {
    expect(usernameSkeleton('admin')).not.toBe(usernameSkeleton('admins'));
    expect(usernameSkeleton('alice')).not.toBe(usernameSkeleton('alicia'));
  });
});
