/** The audit log: listing, export, retention and the purge of old events. */
export { AUDIT_COLUMNS, INTERNAL_DETAIL_KEYS, toAuditEntry, type AuditRow } from './entry';
export { AUDIT_EXPORT_HEADER, csvSafe, csvStream, exportCells, xlsxStream } from './export';
export { PURGE_INTERVAL_MS, getRetentionDays, auditPurgeTask, purgeAuditEvents, setRetentionDays } from './retention';
export { auditLogRoutes } from './routes';
