/**
 * How a kg-* element reads its attributes. Unlike r2wc's own parsers, an empty or odd value
 * has a defined meaning: a boolean attribute that is present is true unless it says "false"
 * or "0" (so `<kg-graph-explorer readonly>` works), a number that does not parse is undefined.
 */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

export function parseAttribute(type: AttributeType, value: string): unknown {
  switch (type) {
    case 'string':
      return value;
    case 'number': {
      const n = value.trim() === '' ? NaN : Number(value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return !/^(false|0)$/i.test(value.trim());
    case 'json':
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return undefined;
      }
  }
}
