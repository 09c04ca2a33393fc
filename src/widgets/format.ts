import { formatDateTime } from '../i18n/runtime';

/**
 * Dates on the admin screens in the active language: a short date ("Mar 5, 2025",
 * "5. März 2025"), or the fallback when missing or invalid.
 */
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function formatDate(iso: string | null | undefined, fallback: string): string {
  const date = parse(iso);
  return date ? formatDateTime(date, DATE) : fallback;
}

/** The time of day of a timestamp ('' when missing or invalid). */
export function formatTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? formatDateTime(date, TIME) : '';
}
