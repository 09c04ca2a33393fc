import { z } from 'zod';
import { AUDIT_ACTION_PATTERN, AUDIT_ENTITY_TYPES, AUDIT_LOG_TEXTS, AUDIT_RETENTION_LIMITS } from '../texts/admin/audit';
import { pageOf, queryInt } from '../fields';
import { VersionField } from '../errors';

export * from '../texts/admin/audit';

/**
 * The admins' audit log: `GET /audit` (filtered, newest first, paged like
 * the node list), `GET /audit/export?format=csv|xlsx` (the same filters, the whole result), and the
 * retention setting with its purge. Entries are shaped like a record's history entries
 * (contract/history.ts) plus the record they name and what is not a field change (`detail`).
 */
export const AuditLogEntrySchema = z.object({
  /** The event's id (a bigserial, sent as a string). */
  id: z.string(),
  at: z.string(),
  /** Who, as named at the time; null for the system and for failed sign-ins. */
  actor: z.object({ id: z.string().nullable(), username: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  /** Counts, a failed sign-in's attempted name, a purge's count; never a password, hash or token. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

export const AuditLogPageSchema = pageOf(AuditLogEntrySchema);
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

const instant = z.iso.datetime({ offset: true }).optional();

/** The filters both the list and the export take. `user` is an account id or a username (as it was then). */
const filterFields = z.object({
  user: z.string().trim().max(200).optional(),
  action: z.string().regex(AUDIT_ACTION_PATTERN, 'Unknown action').optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  /** Instants (the browser turns local calendar days into them); `to` is inclusive. */
  from: instant,
  to: instant,
  /** Substring of the actor, action, record id, changes or detail. */
  search: z.string().max(200).optional(),
});
const datesInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const dateOrder = { message: AUDIT_LOG_TEXTS.dateOrder, path: ['to'] };

export const AuditLogFilterSchema = filterFields.refine(datesInOrder, dateOrder);
export type AuditLogFilter = z.infer<typeof AuditLogFilterSchema>;

export const AuditLogQuerySchema = filterFields
  .extend({ limit: queryInt(1, 200, 25), skip: queryInt(0, 10_000_000, 0) })
  .refine(datesInOrder, dateOrder);
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditExportQuerySchema = filterFields.extend({ format: z.enum(['csv', 'xlsx']) }).refine(datesInOrder, dateOrder);
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;

/** Purge events older than `retentionDays` days; null keeps every event. */
export const AuditRetentionSchema = z.object({
  retentionDays: z
    .number({ error: AUDIT_LOG_TEXTS.retentionInvalid })
    .int(AUDIT_LOG_TEXTS.retentionInvalid)
    .min(AUDIT_RETENTION_LIMITS.minDays, AUDIT_LOG_TEXTS.retentionInvalid)
    .max(AUDIT_RETENTION_LIMITS.maxDays, AUDIT_LOG_TEXTS.retentionInvalid)
    .nullable(),
  /** The setting's version (answers); on PUT, instead of If-Match (docs/architecture/versions.md). */
  version: VersionField.version,
});
export type AuditRetention = z.infer<typeof AuditRetentionSchema>;

export const AuditPurgeResultSchema = z.object({
  /** Events deleted. */
  purged: z.number().int(),
  /** Events older than this instant were deleted. */
  before: z.string(),
});
export type AuditPurgeResult = z.infer<typeof AuditPurgeResultSchema>;
