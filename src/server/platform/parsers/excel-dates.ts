/**
 * Excel stores a date as a number (days since the workbook's epoch) and marks it a date only
 * through the cell's number format. These helpers turn such a serial into the local
 * date-time it shows and tell date formats from number formats — shared by the .xlsx and
 * .xls readers so both read a date cell alike.
 */

/** Built-in number formats that display dates or times (ECMA-376 Part 1, 18.8.30). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/**
 * Whether a number format shows a date or a time: a built-in date id, or a custom code with
 * d, m, y, h or s outside quoted text, escapes, padding and [..] sections (colours, locales
 * and conditions are not dates; [h], [mm], [ss] elapsed times are).
 */
export function isDateFormat(id: number, code?: string): boolean {
  if (code === undefined) return BUILTIN_DATE_FORMATS.has(id);
  if (/^general$/i.test(code.trim())) return false;
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[([^\]]*)\]/g, (_m, inner: string) => (/^[hms]+$/i.test(inner) ? 'h' : ''));
  return /[dmyhs]/i.test(bare);
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A date serial as `YYYY-MM-DDTHH:MM:SS` (to the second, as Excel shows it), or null when the
 * number is no date Excel can show (negative, or past 9999-12-31). The 1900 system keeps
 * Lotus's phantom 1900-02-29 (serial 60), so serials from 61 on count from 1899-12-30.
 */
export function serialToIso(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2_958_466) return null;
  const seconds = Math.round(serial * 86_400);
  const days = Math.floor(seconds / 86_400);
  const rest = seconds - days * 86_400;
  const time = `T${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  if (!date1904 && days === 60) return `1900-02-29${time}`;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const d = new Date(epoch + days * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${time}`;
}

/** An ISO date or date-time text (a t="d" cell) as `YYYY-MM-DDTHH:MM:SS`; null when it is not one. */
export function normalizeIsoDate(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!m) {
    // A time alone (Excel writes 1899-12-31-based dates for times, but some writers write just the time).
    const t = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text.trim());
    return t ? `1899-12-31T${t[1]}:${t[2]}:${t[3] ?? '00'}` : null;
  }
  return `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
}
