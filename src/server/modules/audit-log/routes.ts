import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_LOG_MESSAGES,
  AuditExportQuerySchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  AuditPurgeResultSchema,
  AuditRetentionSchema,
  type AuditLogEntry,
} from '../../../contract';
import { actorOf } from '../../audit/audited';
import { XLSX_CONTENT_TYPE } from '../../platform/files/xlsx';
import { badRequest, forbidden } from '../../plugins/errors';
import { toAuditEntry } from './entry';
import { csvStream, xlsxStream } from './export';
import { listAuditEvents, streamAuditEvents } from './repository';
import { getRetentionDays, purgeAuditEvents, retentionSetting, setRetentionDays } from './retention';
import { expectedVersion } from '../../plugins/versions';

const tags = ['audit'];

/** `audit-log_20240131T120000.csv`: the export's name says when it was taken. */
const exportName = (format: 'csv' | 'xlsx', now = new Date()) => `audit-log_${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}.${format}`;

/**
 * The admins' audit log. Read-only: no route changes or deletes an event
 * (migration 0011's trigger refuses it anyway); only the retention purge removes old ones.
 */
export async function auditLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/audit',
    { schema: { tags, summary: 'Audit events, newest first, filtered and paged', querystring: AuditLogQuerySchema, response: { 200: AuditLogPageSchema } } },
    async (req) => {
      const { limit, skip, ...filter } = req.query;
      const permissions = req.auth!.permissions;
      const { rows, total } = await listAuditEvents(app.db, filter, { limit, skip }, permissions);
      return { data: rows.map((row) => toAuditEntry(row, permissions)), pagination: { total, limit, skip } };
    },
  );

  r.get(
    '/audit/export',
    {
      schema: {
        tags,
        summary: 'The filtered audit log as CSV or .xlsx (streamed, newest first)',
        description: `The same filters as GET /audit; at most ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en')} events. Values a spreadsheet could run as formulas stay text.`,
        querystring: AuditExportQuerySchema,
        produces: ['text/csv', XLSX_CONTENT_TYPE],
      },
    },
    async (req, reply) => {
      const { format, ...filter } = req.query;
      const permissions = req.auth!.permissions;
      async function* entries(): AsyncGenerator<AuditLogEntry[]> {
        for await (const rows of streamAuditEvents(app.db, filter, permissions, AUDIT_EXPORT_MAX_ROWS)) yield rows.map((row) => toAuditEntry(row, permissions));
      }
      const filename = exportName(format);
      reply
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(csvStream(entries()));
      return reply.type(XLSX_CONTENT_TYPE).send(xlsxStream(entries(), (err) => req.log.error({ err }, 'audit export failed')));
    },
  );

  r.get(
    '/audit/retention',
    { schema: { tags, summary: 'How long events are kept (null: every event is kept)', response: { 200: AuditRetentionSchema } } },
    async () => retentionSetting(app.db),
  );

  /** Purging needs the maintenance permission and the log's own: nobody purges a log they cannot read. */
  const mayPurge = (permissions: readonly string[]) => {
    if (!permissions.includes('system.logs')) throw forbidden(AUDIT_LOG_MESSAGES.logsOnly);
  };

  r.put(
    '/audit/retention',
    { schema: { tags, summary: 'Set how many days events are kept (null keeps every event); audited', body: AuditRetentionSchema, response: { 200: AuditRetentionSchema } } },
    async (req) => {
      mayPurge(req.auth!.permissions);
      await setRetentionDays(app, actorOf(req.auth!.user), req.body.retentionDays, expectedVersion(req));
      return retentionSetting(app.db);
    },
  );

  r.post(
    '/audit/purge',
    { schema: { tags, summary: 'Delete the events older than the retention now; the purge is itself an event', response: { 200: AuditPurgeResultSchema } } },
    async (req) => {
      mayPurge(req.auth!.permissions);
      const days = await getRetentionDays(app.db);
      if (days === null) throw badRequest(AUDIT_LOG_MESSAGES.noRetention, 'no_retention');
      return purgeAuditEvents(app, actorOf(req.auth!.user), days);
    },
  );
}
