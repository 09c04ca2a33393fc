import type { AnalyticsActivity, AnalyticsInterval, AnalyticsTotals, QualityFindings } from '../../contract/admin/analytics';
import type { ApiClient } from '../client';

/** The Analytics page's calls. */
export const analyticsApi = (api: ApiClient) => ({
  quality: (signal?: AbortSignal) => api.request<QualityFindings>('/analytics/quality', { signal }),
  totals: (interval: AnalyticsInterval, periods: number, signal?: AbortSignal) =>
    api.request<AnalyticsTotals>('/analytics/totals', { query: { interval, periods }, signal }),
  activity: (weeks: number, signal?: AbortSignal) => api.request<AnalyticsActivity>('/analytics/activity', { query: { weeks }, signal }),
  /** The quality findings as a file. */
  exportFile: (format: 'csv' | 'xlsx') => api.request<Blob>('/analytics/export', { query: { format }, responseType: 'blob' }),
});
export type AnalyticsApi = ReturnType<typeof analyticsApi>;
