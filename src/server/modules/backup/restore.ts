import { NO_PASSWORD_HASH } from '../credentials';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { BACKUP_MESSAGES, BACKUP_RESTORE_EVENT, countOf, type BackupManifest, type BackupRestoreProgress, type BackupRestoreResult } from '../../../contract';
import { said, type Said } from '../../../contract/texts';
import { audited } from '../../audit/audited';
import type { Queryable } from '../../db/db';
import { userRoom } from '../../platform/jobs/events';
import { AppError, badRequest, conflict, uniqueViolation } from '../../plugins/errors';
import { restartDuplicateRefresh } from '../analytics';
import { removeBlobs } from '../attachments';
import { rebuildHierarchy } from '../snomed';
import type { BackupArchive } from './archive-reader';
import { currentMigration } from './manifest';
import { ARCHIVED_SETTINGS, BACKUP_TABLES, attachmentEntry, inArchive, type BackupTable } from './tables';
import { validateArchive } from './validation/validate';
import { RESTORE_LOCK_KEY } from '../../platform/locks';

export interface Restorer {
  id: string;
  username: string;
  email: string;
}

/**
 * What the installation holds beyond its first account and unused types, as words for the
 * refusal ("12 nodes, 2 users"); empty when a restore may go ahead.
 */
export async function installationContents(db: Queryable, restorerId: string): Promise<string[]> {
  const [c] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM nodes)::int AS "node",
            (SELECT count(*) FROM relations)::int AS "relation",
            (SELECT count(*) FROM snomed_concepts)::int AS "SNOMED concept",
            (SELECT count(*) FROM fhir_resources)::int AS "FHIR terminology resource",
            (SELECT count(*) FROM users WHERE id <> $1)::int AS "other user",
            (SELECT count(*) FROM roles WHERE NOT is_system)::int AS "custom role"`,
    [restorerId],
  );
  return Object.entries(c)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => countOf(n, what));
}

export async function refuseIfNotEmpty(db: Queryable, restorerId: string): Promise<void> {
  const contents = await installationContents(db, restorerId);
  if (contents.length) throw conflict(BACKUP_MESSAGES.notEmpty(contents.join(', ')), 'installation_not_empty');
}

/**
 * Restores a validated archive in ONE transaction: everything or nothing. Attachment contents go
 * to the blob store first (on disk for the embedded database) and are removed again if the
 * transaction fails. Progress goes to the restorer's socket room as BACKUP_RESTORE_EVENT.
 *
 * One step per function: validate, store the contents, write the rows. Whatever fails, the one
 * catch below removes the contents already stored and reports the failure.
 */
export async function restoreBackup(app: FastifyInstance, archive: BackupArchive, restorer: Restorer): Promise<BackupRestoreResult> {
  const processId = randomUUID();
  const progress = progressReporter(app, restorer.id, processId);
  const written = new Set<string>();
  try {
    const started = Date.now();
    const validated = await validateForRestore(app, archive, restorer, progress);
    const validatedAt = Date.now();
    const blobKeys = await storeContents(app, archive, written);
    const { counts, timings } = await writeRows(app, archive, restorer, { ...validated, blobKeys, processId }, progress);
    app.log.info({ processId, validateMs: validatedAt - started, writeMs: Date.now() - validatedAt, tableMs: timings }, 'backup restored');
    progress.send('completed', 100, BACKUP_MESSAGES.done);
    return { processId, counts, inactiveUsers: counts.users };
  } catch (err) {
    await removeBlobs(app, [...written]);
    const refusal = asRefusal(err);
    progress.send('error', 100, refusal instanceof AppError ? refusal.message : BACKUP_MESSAGES.failed('the server failed'));
    throw refusal;
  }
}

type Progress = ReturnType<typeof progressReporter>;

interface Validated {
  manifest: BackupManifest;
  highestEventId: bigint;
}

/** Step 1: the installation is empty and the archive is whole and fits this server (0–30 % of the bar). */
async function validateForRestore(app: FastifyInstance, archive: BackupArchive, restorer: Restorer, progress: Progress): Promise<Validated> {
  progress.send('processing', 0, BACKUP_MESSAGES.validating);
  await refuseIfNotEmpty(app.db, restorer.id);
  const serverMigration = await currentMigration(app.db);
  return validateArchive(archive, serverMigration, (read, total) => progress.send('processing', Math.floor((30 * read) / total), BACKUP_MESSAGES.validating), {
    attachmentMaxBytes: app.config.attachmentMaxBytes,
  });
}

/** Step 2: the attachments' contents into the blob store; `written` collects the keys for the cleanup. Archive id → blob key. */
async function storeContents(app: FastifyInstance, archive: BackupArchive, written: Set<string>): Promise<Map<string, string>> {
  const blobKeys = new Map<string, string>();
  for await (const { line } of archive.lines('attachments.ndjson')) {
    const { id } = JSON.parse(line) as { id: string };
    const key = await app.blobs.put(await archive.bytes(attachmentEntry(id)));
    blobKeys.set(id, key);
    written.add(key);
  }
  return blobKeys;
}

/** Step 3: every table's rows in one audited transaction (30–100 % of the bar), and the restore's own event. */
async function writeRows(
  app: FastifyInstance,
  archive: BackupArchive,
  restorer: Restorer,
  { manifest, highestEventId, blobKeys, processId }: Validated & { blobKeys: Map<string, string>; processId: string },
  progress: Progress,
): Promise<{ counts: BackupManifest['counts']; timings: Record<string, number> }> {
  const total = Math.max(1, Object.values(manifest.counts).reduce((a, b) => a + b, 0));
  let done = 0;
  const timings: Record<string, number> = {};
  const counts = await audited(app, { id: restorer.id, username: restorer.username }, async ({ tx, record }) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [RESTORE_LOCK_KEY]);
    await refuseIfNotEmpty(tx, restorer.id);
    const remap = await prepare(tx, archive, restorer);
    const bulk = await startBulkLoad(tx, app.db.kind);
    const restoredCounts = { ...manifest.counts };
    const keyOffset = await reserveEventIds(tx, highestEventId);
    for (const table of BACKUP_TABLES) {
      if (!inArchive(table, manifest)) continue;
      const tableStarted = Date.now();
      restoredCounts[table.part] = await restoreTable(tx, archive, table, remap, blobKeys, keyOffset, app.db.kind, (rows) => {
        done += rows;
        progress.send('inserting', 30 + Math.floor((70 * done) / total), said(BACKUP_MESSAGES.writing, table.file.replace('.ndjson', '').replace('_', ' ')));
      });
      timings[table.table] = Date.now() - tableStarted;
    }
    await refuseSharedEventIds(tx, keyOffset);
    const finishing = Date.now();
    await bulk.finish();
    timings.indexes = Date.now() - finishing;
    await record({
      action: 'restore',
      entityType: 'backup',
      entityId: processId,
      detail: { counts: restoredCounts, formatVersion: manifest.formatVersion, migration: manifest.migration, createdAt: manifest.createdAt },
    });
    return restoredCounts;
  });
  return { counts, timings };
}

/** Both audit tables' ids come from one sequence: an id in both files would be two events at one place of the log. */
async function refuseSharedEventIds(tx: Queryable, keyOffset: bigint): Promise<void> {
  const [shared] = await tx.query<{ id: string }>('SELECT a.id::text AS id FROM audit_created_batches b JOIN audit_log a ON a.id = b.id LIMIT 1');
  if (shared) throw badRequest(BACKUP_MESSAGES.failed(`the event id ${BigInt(shared.id) - keyOffset} is in both audit files`), 'backup_conflict');
}

/** A constraint the archive breaks (a duplicate name, a wrong reference) rolled everything back: a 400 that says which. */
function asRefusal(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; message?: string };
  const constraint = uniqueViolation(err);
  if (constraint !== null) return badRequest(BACKUP_MESSAGES.failed(`two rows of the archive share a unique value (${constraint})`), 'backup_conflict');
  if (e.code && /^(23|22)/.test(e.code)) return badRequest(BACKUP_MESSAGES.failed(e.message ?? e.code), 'backup_conflict');
  return err;
}

/** Tables whose secondary indexes are built once after the load rather than row by row. */
const BULK_TABLES = ['nodes', 'relations', 'snomed_concepts', 'snomed_search_words', 'snomed_relationships', 'snomed_language_refset', 'snomed_associations', 'audit_log', 'audit_created_batches'];

/**
 * Bulk-load mode for the restore's transaction (the installation is empty, so nobody else reads
 * these tables meanwhile): the non-unique secondary indexes of the big tables — trigram GIN indexes
 * above all, which cost most per inserted row — are dropped and built again at the end, which builds
 * them in one sorted pass; unique indexes and primary keys stay, so duplicates still fail the insert.
 * Foreign keys are dropped and added back (one check of the whole table instead of one per row).
 * Node degrees are counted once at the end instead of by the relation trigger per batch. It is
 * all DDL inside the transaction: a failure rolls it back with the rows.
 */
async function startBulkLoad(tx: Queryable, kind: 'pglite' | 'postgres'): Promise<{ finish(): Promise<void> }> {
  const indexes = await tx.query<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname = ANY($1::text[]) AND NOT i.indisunique AND NOT i.indisprimary`,
    [BULK_TABLES],
  );
  // Foreign keys check each inserted row with a lookup and a row lock; added back at the end, each is
  // checked once for the whole table (one join), with the same guarantee.
  const foreignKeys = await tx.query<{ table: string; name: string; def: string }>(
    `SELECT t.relname AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND c.contype = 'f' AND t.relname = ANY($1::text[])`,
    [BULK_TABLES],
  );
  for (const index of indexes) await tx.query(`DROP INDEX "${index.name}"`);
  for (const fk of foreignKeys) await tx.query(`ALTER TABLE "${fk.table}" DROP CONSTRAINT "${fk.name}"`);
  await tx.query('ALTER TABLE relations DISABLE TRIGGER relations_degree_insert');
  return {
    async finish() {
      for (const fk of foreignKeys) await tx.query(`ALTER TABLE "${fk.table}" ADD CONSTRAINT "${fk.name}" ${fk.def}`);
      await tx.query('ALTER TABLE relations ENABLE TRIGGER relations_degree_insert');
      // node_degrees is derived, not in the archive: counted from the restored relations, with each
      // node's type (migration 0028) in the same statement rather than by its fill trigger, row by row.
      await tx.query(
        `INSERT INTO node_degrees AS d (node_id, degree, node_type_id)
         SELECT e.id, e.c, n.node_type_id
           FROM (SELECT id, count(*)::int AS c
                   FROM (SELECT source_node_id AS id FROM relations UNION ALL SELECT target_node_id FROM relations) x
                  GROUP BY id) e
           JOIN nodes n ON n.id = e.id
         ON CONFLICT (node_id) DO UPDATE SET degree = EXCLUDED.degree`,
      );
      // The likely duplicates are derived too, and the restored nodes keep the archive's updated_at, older
      // than the refresh's watermark: its next pass probes every node.
      await restartDuplicateRefresh(tx);
      // More sort memory for the index builds (this transaction only); the embedded database keeps its default.
      if (kind === 'postgres') await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const index of indexes) await tx.query(index.def);
      // The hierarchy's closure is derived, not in the archive: built once from the restored relationships.
      await rebuildHierarchy(tx);
    },
  };
}

interface Remap {
  /** Archive id → id in this installation (system roles; the restorer's own account). */
  ids: Map<string, string>;
  /** Archive user ids not inserted (they are the restorer). */
  skipUsers: Set<string>;
  skipRoles: Set<string>;
}

/** Maps the archive's system roles onto this installation's, and its copy of the restorer onto the restorer. */
async function prepare(tx: Queryable, archive: BackupArchive, restorer: Restorer): Promise<Remap> {
  const remap: Remap = { ids: new Map(), skipUsers: new Set(), skipRoles: new Set() };
  const systemRoles = new Map(
    (await tx.query<{ id: string; name: string }>('SELECT id, lower(name) AS name FROM roles WHERE is_system')).map((r) => [r.name, r.id]),
  );
  for await (const { line } of archive.lines('roles.ndjson')) {
    const role = JSON.parse(line) as { id: string; name: string; is_system: boolean };
    const existing = role.is_system ? systemRoles.get(role.name.toLowerCase()) : undefined;
    if (existing) {
      remap.ids.set(role.id, existing);
      remap.skipRoles.add(role.id);
    }
  }
  let byEmail: string | null = null;
  for await (const { line } of archive.lines('users.ndjson')) {
    const user = JSON.parse(line) as { id: string; username: string; email: string };
    if (user.username.toLowerCase() === restorer.username.toLowerCase()) {
      remap.ids.set(user.id, restorer.id);
      remap.skipUsers.add(user.id);
      byEmail = null;
      break;
    }
    if (user.email.toLowerCase() === restorer.email.toLowerCase()) byEmail ??= user.id;
  }
  if (byEmail && remap.skipUsers.size === 0) {
    remap.ids.set(byEmail, restorer.id);
    remap.skipUsers.add(byEmail);
  }
  // The new installation's unused types (seed types) give way to the archive's, and so do the settings
  // an archive carries (they name those types); an archive of an older format leaves them unset.
  await tx.query('DELETE FROM node_types');
  await tx.query('DELETE FROM relation_types');
  await tx.query('DELETE FROM server_settings WHERE key = ANY($1::text[])', [Object.keys(ARCHIVED_SETTINGS)]);
  return remap;
}

/**
 * The offset that moves the archive's event ids (audit_log's and the import batches', one sequence;
 * the highest found by the validation) past every id this installation has used. The sequence is
 * set past the highest moved id first, under a lock on both tables until the restore commits, so
 * no event written meanwhile (a sign-in, on this server or another) takes an id between the two
 * sequence calls: its insert waits for the restore.
 */
async function reserveEventIds(tx: Queryable, highest: bigint): Promise<bigint> {
  await tx.query('LOCK TABLE audit_log, audit_created_batches IN SHARE ROW EXCLUSIVE MODE');
  const [{ offset }] = await tx.query<{ offset: string }>(`SELECT nextval('audit_log_id_seq')::text AS offset`);
  if (highest > 0n) await tx.query(`SELECT setval('audit_log_id_seq', $1::bigint)`, [(BigInt(offset) + highest).toString()]);
  return BigInt(offset);
}

async function restoreTable(
  tx: Queryable,
  archive: BackupArchive,
  table: BackupTable,
  remap: Remap,
  blobKeys: Map<string, string>,
  keyOffset: bigint,
  kind: 'pglite' | 'postgres',
  onRows: (rows: number) => void,
): Promise<number> {
  const columns = [...table.columns];
  if (table.part === 'users') columns.push('password_hash');
  if (table.part === 'attachments') columns.push('blob_key');
  const list = columns.map((c) => `"${c}"`).join(', ');
  const versioned = table.table !== 'audit_log' && columns.includes('version');
  const sql = `INSERT INTO ${table.table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table.table}, $1::jsonb)`;
  const size = kind === 'pglite' ? Math.max(100, Math.floor(table.batch / 10)) : table.batch;
  let batch: Record<string, unknown>[] = [];
  let restored = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.query(sql, [JSON.stringify(batch)]);
    restored += batch.length;
    onRows(batch.length);
    batch = [];
  };
  for await (const { line } of archive.lines(table.file)) {
    const row = JSON.parse(line) as Record<string, unknown>;
    if (table.part === 'roles' && remap.skipRoles.has(row.id as string)) {
      onRows(1);
      continue;
    }
    if (table.part === 'users') {
      if (remap.skipUsers.has(row.id as string)) {
        onRows(1);
        continue;
      }
      row.role_id = mapped(remap, row.role_id);
      row.password_hash = NO_PASSWORD_HASH;
      row.is_active = false;
    }
    for (const c of table.userColumns) row[c] = mapped(remap, row[c]);
    if (table.newKeys) row[table.key] = (BigInt(row[table.key] as string | number) + keyOffset).toString();
    if (table.part === 'attachments') row.blob_key = blobKeys.get(row.id as string);
    // An archive from before record versions (migration 0033): its records start at version 1.
    if (versioned && row.version === undefined) row.version = 1;
    batch.push(row);
    if (batch.length >= size) await flush();
  }
  await flush();
  return restored;
}

const mapped = (remap: Remap, id: unknown) => (typeof id === 'string' ? (remap.ids.get(id) ?? id) : id);

/** Progress to the restorer's own room: every change of status, and at most every 200 ms between. */
function progressReporter(app: FastifyInstance, userId: string, processId: string) {
  let last = 0;
  let lastProgress = -1;
  let lastStatus = '';
  return {
    send(status: BackupRestoreProgress['status'], progress: number, message: string | Said) {
      const now = Date.now();
      const changed = status !== lastStatus;
      if (!changed && (progress === lastProgress || now - last < 200)) return;
      last = now;
      lastProgress = progress;
      lastStatus = status;
      // The English as `message` and the same as ids + values (`text`) for the client's language.
      const event: BackupRestoreProgress = { processId, status, progress, ...(typeof message === 'string' ? said(message) : message) };
      app.io.to(userRoom(userId)).emit(BACKUP_RESTORE_EVENT, event);
    },
  };
}

export type { BackupManifest };
