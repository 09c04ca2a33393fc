import { z } from 'zod';

/**
 * The Analytics page: totals over time, curation activity and quality findings.
 * A finding's `key` names it (texts below), `count` is how many records it concerns, `link` the
 * host URL of the list filtered to them.
 */
export const QualityFindingSchema = z.object({
  key: z.string(),
  count: z.number().int(),
  link: z.string(),
});
export type QualityFinding = z.infer<typeof QualityFindingSchema>;
export const QualityFindingsSchema = z.object({ data: z.array(QualityFindingSchema) });
export type QualityFindings = z.infer<typeof QualityFindingsSchema>;

export const ANALYTICS_INTERVALS = ['week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

const periods = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const AnalyticsTotalsQuerySchema = z.object({
  interval: z.enum(ANALYTICS_INTERVALS).default('month'),
  /** How many periods, the current one last. */
  periods: periods(60, 12),
});
export type AnalyticsTotalsQuery = z.input<typeof AnalyticsTotalsQuerySchema>;

const TypeCountSchema = z.object({ type: z.string(), count: z.number().int() });

export const AnalyticsTotalsSchema = z.object({
  interval: z.enum(ANALYTICS_INTERVALS),
  /** Now; `relationsWithEvidence` have at least one evidence source, the rest of `relations` none. */
  current: z.object({ nodes: z.number().int(), relations: z.number().int(), relationsWithEvidence: z.number().int() }),
  /** Oldest first; `period` is the period's first day (UTC, YYYY-MM-DD), counts are at its end. */
  series: z.array(z.object({ period: z.string(), nodes: z.number().int(), relations: z.number().int() })),
  /** Now, per node type and per relation type, largest first. */
  byType: z.object({ nodes: z.array(TypeCountSchema), relations: z.array(TypeCountSchema) }),
});
export type AnalyticsTotals = z.infer<typeof AnalyticsTotalsSchema>;

export const AnalyticsActivityQuerySchema = z.object({ weeks: periods(52, 8) });
export type AnalyticsActivityQuery = z.input<typeof AnalyticsActivityQuerySchema>;

export const AnalyticsActivitySchema = z.object({
  /** The weeks asked for, oldest first (each its Monday, UTC, YYYY-MM-DD). */
  weeks: z.array(z.string()),
  /** One row per user and week with at least one curation change. */
  data: z.array(z.object({ week: z.string(), userId: z.string().nullable(), username: z.string(), changes: z.number().int() })),
});
export type AnalyticsActivity = z.infer<typeof AnalyticsActivitySchema>;

export const AnalyticsExportQuerySchema = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

export { QUALITY_FINDING_LABELS, findingLabel } from '../texts/admin/analytics';
