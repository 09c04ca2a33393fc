/**
 * U+0000 cannot be stored in PostgreSQL text and has no business in any field. The server refuses
 * it in every request's body, query and params before the route's schema runs (server
 * plugins/validation.ts), so every string field of every route answers 400 with this text.
 */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000).';

/** The path of the first string (or object key) holding U+0000, or null when there is none. */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  // Parsed JSON, query strings and route params (whatever their prototype); never binary data.
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
