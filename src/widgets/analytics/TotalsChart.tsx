import { useEffect, useRef } from 'react';
import type { AnalyticsTotals } from '../../contract/admin/analytics';
import { activeLocale, formatDateTime, formatNumber } from '../../i18n/runtime';
import { dayToSeconds } from './analytics-data';
import { ANALYTICS_TEXTS as T } from '../../contract/texts/admin/analytics';

export interface TotalsChartProps {
  series: AnalyticsTotals['series'];
  /** Text alternative of the whole chart (the table next to it has every value). */
  summary: string;
}

/** Colours read from the theme tokens, so the chart follows the light and dark themes. */
function token(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/** A light area under a line: the colour at 12 % when it is a #rrggbb token. */
const translucent = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? `${color}1f` : 'rgba(21, 101, 192, 0.12)');

/** Month and weekday names in the active language, for uPlot's date axis ('Dez', 'mars'). */
function dateNames() {
  const months = (month: 'long' | 'short') => Array.from({ length: 12 }, (_, i) => formatDateTime(new Date(Date.UTC(2024, i, 1)), { month, timeZone: 'UTC' }));
  // 2024-01-07 was a Sunday: uPlot's weekday lists start on Sunday.
  const days = (weekday: 'long' | 'short') => Array.from({ length: 7 }, (_, i) => formatDateTime(new Date(Date.UTC(2024, 0, 7 + i)), { weekday, timeZone: 'UTC' }));
  return { MMMM: months('long'), MMM: months('short'), WWWW: days('long'), WWW: days('short') };
}

/**
 * Nodes and relations over time as two lines with a light area. uPlot (about 20 KB gzip) loads
 * with the first chart shown — this file is itself a lazy chunk of the Analytics screen — so no
 * other page or element pays for it. The chart follows its box's width.
 */
export function TotalsChart({ series, summary }: TotalsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const locale = activeLocale();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let cancelled = false;
    const height = 240;
    const observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height }));
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const primary = token(el, '--kg-color-primary', '#1565c0');
      const secondary = token(el, '--kg-color-secondary', '#00897b');
      const text = token(el, '--kg-color-text-muted', '#5f6b7a');
      const grid = token(el, '--kg-color-border', '#e3e8ee');
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '12px system-ui, sans-serif' };
      const names = dateNames();
      plot = new UPlot(
        {
          width: el.clientWidth,
          height,
          scales: { x: { time: true } },
          legend: { show: false }, // the legend is the page's own (below): uPlot's shows hover values as "--"
          cursor: { drag: { x: false, y: false } },
          // The axes in the active language: month names, and digits grouped as it groups them.
          fmtDate: (tpl: string) => UPlot.fmtDate(tpl, names),
          axes: [axis, { ...axis, size: 56, values: (_u: unknown, splits: number[]) => splits.map((v) => formatNumber(v)) }],
          series: [
            {},
            { label: T.nodes, stroke: primary, width: 2, fill: translucent(primary), points: { show: true, size: 5 } },
            { label: T.relations, stroke: secondary, width: 2, fill: translucent(secondary), points: { show: true, size: 5 } },
          ],
        },
        [series.map((s) => dayToSeconds(s.period)), series.map((s) => s.nodes), series.map((s) => s.relations)],
        el,
      );
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      plot?.destroy();
    };
    // Drawn again in another language (the axes' names and numbers are the chart's own).
  }, [series, locale]);
  return (
    <>
      <div ref={box} className="kg-analytics__chart" role="img" aria-label={summary} />
      <ul className="kg-analytics__legend" aria-hidden="true">
        <li>
          <span className="kg-analytics__swatch" /> {T.nodes}
        </li>
        <li>
          <span className="kg-analytics__swatch kg-analytics__swatch--relations" /> {T.relations}
        </li>
      </ul>
    </>
  );
}
