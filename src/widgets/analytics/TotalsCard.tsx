import { lazy, Suspense } from 'react';
import type { AnalyticsTotals } from '../../contract/admin/analytics';
import { Card } from '../../ui/Card';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { changeText, periodLabel } from './analytics-data';
import { ANALYTICS_TEXTS as T } from '../../contract/texts/admin/analytics';
import { formatNumber } from '../../i18n/runtime';

// uPlot comes with the chart: nothing of it loads before the Analytics page shows totals.
const TotalsChart = lazy(() => import('./TotalsChart').then((m) => ({ default: m.TotalsChart })));

const fmt = (n: number) => formatNumber(n);

/** The figures now: nodes, relations and the number of types, each with its change over the periods shown, and how many relations have evidence. */
export function SummaryCards({ totals }: { totals: AnalyticsTotals }) {
  const first = totals.series[0];
  const since = first ? periodLabel(first.period, totals.interval) : '';
  const figures = [
    { label: T.nodes, value: totals.current.nodes, change: first && T.sinceStart(changeText(first.nodes, totals.current.nodes), since) },
    { label: T.relations, value: totals.current.relations, change: first && T.sinceStart(changeText(first.relations, totals.current.relations), since) },
    { label: T.nodeTypes, value: totals.byType.nodes.length },
    { label: T.relationTypes, value: totals.byType.relations.length },
    {
      label: T.relationsWithEvidence,
      value: totals.current.relationsWithEvidence,
      change: T.withoutEvidence(totals.current.relations - totals.current.relationsWithEvidence),
    },
  ];
  return (
    <ul className="kg-analytics__figures">
      {figures.map((f) => (
        <li key={f.label} className="kg-analytics__figure">
          <span className="kg-analytics__figure-label">{f.label}</span>
          <span className="kg-analytics__figure-value">{fmt(f.value)}</span>
          {f.change && <span className="kg-analytics__figure-change">{f.change}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The line chart of totals over time, and the same values as a table for screen readers and keyboards. */
export function TotalsOverTime({ totals }: { totals: AnalyticsTotals }) {
  const { series, interval } = totals;
  const first = series[0];
  const last = series.at(-1);
  const summary =
    first && last
      ? `${T.chartSummary(T.nodes, periodLabel(first.period, interval), periodLabel(last.period, interval), first.nodes, last.nodes)} ${T.chartSummary(T.relations, periodLabel(first.period, interval), periodLabel(last.period, interval), first.relations, last.relations)}`
      : T.totalsOverTime;
  return (
    <>
      <Suspense fallback={<BlockSpinner label={T.chartLoading} />}>
        <TotalsChart series={series} summary={summary} />
      </Suspense>
      <details className="kg-analytics__details">
        <summary>{T.showTable}</summary>
        <table className="kg-analytics__table">
          <thead>
            <tr>
              <th scope="col">{T.period}</th>
              <th scope="col">{T.nodes}</th>
              <th scope="col">{T.relations}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((s) => (
              <tr key={s.period}>
                <th scope="row">{periodLabel(s.period, interval)}</th>
                <td>{fmt(s.nodes)}</td>
                <td>{fmt(s.relations)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

/** Nodes per node type and relations per relation type, with a bar for the share. */
export function ByTypeCard({ totals }: { totals: AnalyticsTotals }) {
  const lists = [
    { title: T.nodes, rows: totals.byType.nodes },
    { title: T.relations, rows: totals.byType.relations },
  ];
  return (
    <Card title={T.byType} className="kg-analytics__card">
      <div className="kg-analytics__types">
        {lists.map(({ title, rows }) => {
          const max = Math.max(1, ...rows.map((r) => r.count));
          return (
            <table key={title} className="kg-analytics__table kg-analytics__bars">
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.type}</th>
                  <th scope="col">{T.count}</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={2}>{T.noTypes}</td>
                  </tr>
                )}
                {rows.map((r) => (
                  <tr key={r.type}>
                    <th scope="row">
                      <span className="kg-analytics__bar-label">{r.type}</span>
                      <span className="kg-analytics__bar" style={{ width: `${(r.count / max) * 100}%` }} aria-hidden="true" />
                    </th>
                    <td>{fmt(r.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </div>
    </Card>
  );
}
