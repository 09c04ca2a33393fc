import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS, type AuditPurgeResult } from '../../../contract';
import { audited } from '../../audit/audited';
import { blobKeysOfEvents, removeUnreferencedBlobs } from '../../audit/blob-retention';
import type { AuditActor } from '../../audit/events';
import type { Queryable } from '../../db/db';
import type { PeriodicTask } from '../../platform/tasks/scheduler';
import { AUDIT_PURGE_LOCK_KEY } from '../../platform/locks';
import type { VersionedRecord } from '../../db/versions';

/**
 * Audit retention: events are kept unless an admin sets "purge events older than
 * N days" (server_settings, so every instance reads the same value). The purge runs on demand and
 * once a day; it is the only code that deletes events — the trigger of migration 0011 refuses any
 * other — and writes its own event with the count.
 */
const SETTING = 'audit.retention_days';
export const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The setting as a versioned record (db/versions.ts): a row that stays, 'off' meaning every event is kept. */
export const RETENTION_RECORD: VersionedRecord = {
  table: 'server_settings',
  key: 'key',
  notFound: 'The setting does not exist',
  current: async (db) => retentionSetting(db),
};

/** The setting with its version (1 before anyone set it). */
export async function retentionSetting(db: Queryable): Promise<{ retentionDays: number | null; version: number }> {
  const [row] = await db.query<{ version: number }>('SELECT version FROM server_settings WHERE key = $1', [SETTING]);
  return { retentionDays: await getRetentionDays(db), version: row?.version ?? 1 };
}

export async function getRetentionDays(db: Queryable): Promise<number | null> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [SETTING]);
  const days = row ? Number(row.value) : NaN;
  return Number.isInteger(days) && days > 0 ? days : null;
}

/** Stores the setting and its own event (who changed it from what to what). */
export async function setRetentionDays(app: FastifyInstance, actor: AuditActor, days: number | null, expected?: number): Promise<void> {
  await audited(app, actor, async ({ tx, record, claim }) => {
    // The row stays once written, so its version does (never set before: version 1, 'off').
    await tx.query(`INSERT INTO server_settings (key, value) VALUES ($1, 'off') ON CONFLICT (key) DO NOTHING`, [SETTING]);
    const version = await claim(RETENTION_RECORD, SETTING, expected);
    const before = await getRetentionDays(tx);
    await tx.query('UPDATE server_settings SET value = $2 WHERE key = $1', [SETTING, days === null ? 'off' : String(days)]);
    if (before !== days) {
      await record({ action: AUDIT_ACTIONS.retentionChange, entityType: 'audit_log', entityId: null, changes: [{ field: 'retentionDays', before, after: days }], version });
    }
  });
}

/**
 * Deletes every event older than `days` days in one transaction (SET LOCAL kg.audit_purge, which
 * the immutability trigger lets through for this transaction only) and records the purge with its
 * count. A scheduled run (actor null) that finds nothing writes nothing, so an idle installation's
 * log is not a list of empty purges. Attachment contents that only purged events still referred to
 * (kept so a restore could bring the file back) are removed from the blob store after commit.
 */
export async function purgeAuditEvents(app: FastifyInstance, actor: AuditActor | null, days: number, now = new Date()): Promise<AuditPurgeResult> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  const { purged, blobKeys } = await audited(app, actor, async ({ tx, record }) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_PURGE_LOCK_KEY]);
    const blobKeys = await blobKeysOfEvents(tx, 'e.at < $1::timestamptz', [before]);
    await tx.query("SET LOCAL kg.audit_purge = 'on'");
    // A bulk import's batch (migration 0029) holds one event per record it created: it counts as that many.
    const [{ n }] = await tx.query<{ n: number }>(
      `WITH gone AS (DELETE FROM audit_log WHERE at < $1::timestamptz RETURNING 1),
            gone_batches AS (DELETE FROM audit_created_batches WHERE at < $1::timestamptz RETURNING cardinality(entity_ids) AS n)
       SELECT ((SELECT count(*) FROM gone) + (SELECT coalesce(sum(n), 0) FROM gone_batches))::int AS n`,
      [before],
    );
    await tx.query("SET LOCAL kg.audit_purge = 'off'");
    if (n > 0 || actor !== null) {
      await record({ action: AUDIT_ACTIONS.purge, entityType: 'audit_log', entityId: null, detail: { count: n, olderThanDays: days, before } });
    }
    return { purged: n, blobKeys };
  });
  await removeUnreferencedBlobs(app, blobKeys);
  return { purged, before };
}

/**
 * The daily purge as a periodic task: shortly after start, then every 24 hours, when a retention is
 * set. Failures are logged and retried the next day.
 */
export function auditPurgeTask(app: FastifyInstance, firstRunMs = 60_000): PeriodicTask {
  return {
    name: 'audit-purge',
    firstRunMs,
    intervalMs: PURGE_INTERVAL_MS,
    run: async () => {
      try {
        const days = await getRetentionDays(app.db);
        if (days === null) return;
        const { purged } = await purgeAuditEvents(app, null, days);
        if (purged > 0) app.log.info({ purged, days }, 'Purged old audit events');
      } catch (err) {
        app.log.warn({ err }, 'The daily audit purge failed');
      }
    },
  };
}
