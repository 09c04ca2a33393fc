import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnalyticsActivityQuerySchema,
  AnalyticsActivitySchema,
  AnalyticsExportQuerySchema,
  AnalyticsTotalsQuerySchema,
  AnalyticsTotalsSchema,
  QualityFindingsSchema,
  findingLabel,
} from '../../../contract';
import { csvSafe } from '../audit-log';
import { XLSX_CONTENT_TYPE, sendXlsx, textWorkbook, timestamped } from '../../platform/files/xlsx';
import { qualityFindings } from './findings';
import { analyticsActivity, analyticsTotals } from './repository';

const tags = ['analytics'];
const EXPORT_HEADER = ['Finding', 'Key', 'Count', 'Link'];

/**
 * The Analytics page. Read-only; analytics.view for the figures and
 * analytics.export for the file (API_ACCESS, checked by the access plugin on every request).
 */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/analytics/quality',
    { schema: { tags, summary: 'Quality findings: each a key, a count and the link of the filtered list', response: { 200: QualityFindingsSchema } } },
    async () => ({ data: await qualityFindings(app.db) }),
  );

  r.get(
    '/analytics/totals',
    {
      schema: {
        tags,
        summary: 'Nodes and relations now, at the end of each of the last weeks or months, and per type',
        description: 'Counts at a period end: records created before it that still exist, plus those deleted after it (audit trail).',
        querystring: AnalyticsTotalsQuerySchema,
        response: { 200: AnalyticsTotalsSchema },
      },
    },
    async (req) => analyticsTotals(app.db, req.query.interval, req.query.periods),
  );

  r.get(
    '/analytics/activity',
    { schema: { tags, summary: 'Curation changes per user and week, from the audit trail', querystring: AnalyticsActivityQuerySchema, response: { 200: AnalyticsActivitySchema } } },
    async (req) => analyticsActivity(app.db, req.query.weeks),
  );

  r.get(
    '/analytics/export',
    {
      schema: { tags, summary: 'The quality findings as .xlsx or CSV', querystring: AnalyticsExportQuerySchema, produces: ['text/csv', XLSX_CONTENT_TYPE] },
    },
    async (req, reply) => {
      const rows = (await qualityFindings(app.db)).map((f) => [findingLabel(f.key), f.key, String(f.count), f.link]);
      const name = timestamped('quality-findings');
      if (req.query.format === 'xlsx') return sendXlsx(reply, name, textWorkbook('Quality findings', [EXPORT_HEADER, ...rows], [36, 22, 10, 36]));
      const csv = [EXPORT_HEADER, ...rows].map((cells) => cells.map((c) => `"${csvSafe(c).replace(/"/g, '""')}"`).join(',')).join('\r\n');
      return reply
        .header('Content-Disposition', `attachment; filename="${name.replace(/\.xlsx$/, '.csv')}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(`\uFEFF${csv}\r\n`);
    },
  );
}
