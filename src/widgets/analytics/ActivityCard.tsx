import type { AnalyticsActivity } from '../../contract/admin/analytics';
import { Card } from '../../ui/Card';
import { activityTable, periodLabel } from './analytics-data';
import { ANALYTICS_TEXTS as T } from '../../contract/texts/admin/analytics';
import { formatNumber } from '../../i18n/runtime';

/**
 * Curation changes per user and week (the audit trail) as a table whose cells carry a bar:
 * readable as a chart at a glance and as plain numbers by a screen reader.
 */
export function ActivityCard({ activity }: { activity: AnalyticsActivity }) {
  const rows = activityTable(activity);
  const max = Math.max(1, ...rows.flatMap((r) => r.perWeek));
  return (
    <Card title={T.activity} className="kg-analytics__card kg-analytics__card--full">
      {rows.length === 0 ? (
        <p className="kg-analytics__empty">{T.noActivity}</p>
      ) : (
        <div className="kg-analytics__scroll" tabIndex={0} role="region" aria-label={T.activity}>
          <table className="kg-analytics__table kg-analytics__activity">
            <thead>
              <tr>
                <th scope="col">{T.user}</th>
                {activity.weeks.map((w) => (
                  <th scope="col" key={w}>
                    <abbr title={T.weekOf(periodLabel(w, 'week'))}>{periodLabel(w, 'week')}</abbr>
                  </th>
                ))}
                <th scope="col">{T.total}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.username}</th>
                  {r.perWeek.map((n, i) => (
                    <td key={activity.weeks[i]} className="kg-analytics__cell">
                      <span className="kg-analytics__cell-bar" style={{ height: `${(n / max) * 100}%` }} aria-hidden="true" />
                      <span className="kg-analytics__cell-value">{n || '·'}</span>
                    </td>
                  ))}
                  <td className="kg-analytics__total">{formatNumber(r.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
