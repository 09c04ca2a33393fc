import { describe, expect, it } from 'vitest';
import { parseAttribute } from './attributes';

describe('parseAttribute', () => {
  it('keeps strings as they are, the empty string too', () => {
    expect(parseAttribute('string', '')).toBe('');
    expect(parseAttribute('string', 'abc')).toBe('abc');
  });
  it('treats a present boolean attribute as true unless it says false or 0', () => {
    expect(parseAttribute('boolean', '')).toBe(true);
    expect(parseAttribute('boolean', 'readonly')).toBe(true);
    expect(parseAttribute('boolean', 'true')).toBe(true);
    expect(parseAttribute('boolean', 'false')).toBe(false);
    expect(parseAttribute('boolean', '0')).toBe(false);
  });
  it('gives undefined for numbers and JSON that do not parse', () => {
    expect(parseAttribute('number', '25')).toBe(25);
    expect(parseAttribute('number', '')).toBeUndefined();
    expect(parseAttribute('number', 'many')).toBeUndefined();
    expect(parseAttribute('json', '{"a":1}')).toEqual({ a: 1 });
    expect(parseAttribute('json', '{')).toBeUndefined();
  });
});
