/**
 * Encoding the search page's filters for GET /nodes (zod-free; the server side is
 * NodeListQuerySchema in src/contract/knowledge/nodes.ts).
 */

/** Type names as one query value: comma-separated, a comma inside a name written `\,`. */
export function joinTypeNames(names: readonly string[]): string {
  return names.map((n) => n.replace(/\\/g, '\\\\').replace(/,/g, '\\,')).join(',');
}

/** A date input's value (YYYY-MM-DD) read as a LOCAL calendar day; null when empty or invalid. */
function localDay(value: string, hours: number, minutes: number, seconds: number, ms: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hours, minutes, seconds, ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Created After: from local midnight of the chosen day (spec §5 "at or after the date"). */
export const startOfLocalDay = (value: string) => localDay(value, 0, 0, 0, 0);

/** Created Before: the whole chosen day counts, up to 23:59:59.999 local time (spec §5). */
export const endOfLocalDay = (value: string) => localDay(value, 23, 59, 59, 999);
