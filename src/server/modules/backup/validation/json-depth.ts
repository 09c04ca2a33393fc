/**
 * The deepest an archive row's JSON may nest. Rows are flat records; the deepest values are audit
 * details (a deleted node's snapshot with its relations), a handful of levels.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `text`'s arrays and objects nest at most `max` deep, by one flat pass over its
 * characters (brackets inside strings do not count). Run before JSON.parse and everything after
 * it that walks the value (zod, the database's jsonb), so no recursive work ever meets a row
 * nested thousands deep.
 */
export function nestsWithin(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return true;
}
