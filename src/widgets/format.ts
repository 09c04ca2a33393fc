/** Dates on the admin screens: a short local date ("Mar 5, 2025"), or the fallback when missing or invalid. */
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function formatDate(iso: string | null | undefined, fallback: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : fallback;
}

/** The time of day of a timestamp ('' when missing or invalid). */
export function formatTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? timeFormat.format(date) : '';
}
