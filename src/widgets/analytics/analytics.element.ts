import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { AnalyticsProps } from './Analytics';

type Props = Omit<AnalyticsProps, 'user' | 'css'>;

/**
 * <kg-analytics api-base="https://kg.example.org">: the Analytics page for users with
 * analytics.view (docs/elements/kg-analytics.md). A plain click on a finding
 * dispatches kg-navigate { path } (e.g. /nodes?orphan=true) for the page to route. The component
 * and its styles load when the first element connects; the chart library (uPlot) only when the
 * first chart shows.
 */
export const analyticsElement: ElementSpec<Props> = {
  tag: 'kg-analytics',
  component: lazy(() =>
    import('./analytics.loaded').then((m) => ({
      default: (props: Props) => createElement(m.Component, { ...props, css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string' },
  events: { onNavigate: 'kg-navigate' },
};
