import type { AnalyticsActivity } from '../../contract/admin/analytics';
import { formatDateTime, formatNumber } from '../../i18n/runtime';

/** One user's curation changes per week, in the order of `weeks`. */
export interface ActivityRow {
  key: string;
  username: string;
  perWeek: number[];
  total: number;
}

/**
 * The activity rows (one per user and week with changes) as a user × week table: every week
 * present (0 when the user changed nothing), most active user first.
 */
export function activityTable(activity: AnalyticsActivity): ActivityRow[] {
  const column = new Map(activity.weeks.map((w, i) => [w, i]));
  const rows = new Map<string, ActivityRow>();
  for (const r of activity.data) {
    const i = column.get(r.week);
    if (i === undefined) continue;
    const key = r.userId ?? `name:${r.username}`;
    const row = rows.get(key) ?? { key, username: r.username, perWeek: activity.weeks.map(() => 0), total: 0 };
    row.perWeek[i] += r.changes;
    row.total += r.changes;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.total - a.total || a.username.localeCompare(b.username));
}

/** Seconds since the epoch of a UTC day (YYYY-MM-DD): uPlot's time axis. */
export const dayToSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** A period's label in the active language: "Nov 2026" for months, "Nov 23" for weeks (UTC, as the server counts). */
export function periodLabel(day: string, interval: 'week' | 'month'): string {
  const date = new Date(`${day}T00:00:00Z`);
  return interval === 'month'
    ? formatDateTime(date, { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : formatDateTime(date, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A change between the first and last value, as "+12" / "−3" / "±0" (digits grouped for the active language). */
export function changeText(first: number, last: number): string {
  const d = last - first;
  return d > 0 ? `+${formatNumber(d)}` : d < 0 ? `−${formatNumber(-d)}` : '±0';
}
