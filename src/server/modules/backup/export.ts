import type { Archiver } from 'archiver';
import { Readable } from 'node:stream';
import { BACKUP_FORMAT_VERSION, type BackupManifest } from '../../../contract';
import type { Queryable } from '../../db/db';
import type { BlobStore } from '../attachments';
import { currentMigration, zeroCounts } from './manifest';
import { BACKUP_TABLES, MANIFEST_FILE, attachmentEntry, type BackupTable } from './tables';

/** Rows per query while exporting: pages by the table's key, so no query holds a whole table. */
const PAGE = 2000;

export interface ExportOptions {
  blobs: BlobStore;
  createdBy: { id: string; username: string } | null;
  /** Told about attachments whose contents are gone (left out of the archive). */
  warn?: (message: string, attachmentId: string) => void;
}

/**
 * Writes every backup file into `archive`, one entry at a time, then manifest.json (last: it
 * carries the counts, known only once the rows are written) and finalizes it. `tx` should be one
 * snapshot (REPEATABLE READ on PostgreSQL; a transaction on the embedded database) so relations
 * never name a node the archive lacks. Memory stays at one page: each NDJSON entry is a stream
 * pulled by the archive as its output is consumed, and the next entry starts after the last.
 */
export async function writeBackup(tx: Queryable, archive: Archiver, options: ExportOptions): Promise<BackupManifest> {
  const entries = entryWaiter(archive);
  const counts = zeroCounts();
  for (const table of BACKUP_TABLES) {
    if (table.part === 'attachments') {
      counts.attachments = await writeAttachments(tx, archive, entries, options);
      continue;
    }
    let n = 0;
    archive.append(
      Readable.from(
        (async function* () {
          for await (const lines of pages(tx, table)) {
            n += lines.length;
            yield lines.join('\n') + '\n';
          }
        })(),
      ),
      { name: table.file },
    );
    await entries.next(table.file);
    counts[table.part] = n;
  }
  const manifest: BackupManifest = {
    formatVersion: BACKUP_FORMAT_VERSION,
    migration: await currentMigration(tx),
    createdAt: new Date().toISOString(),
    createdBy: options.createdBy,
    counts,
  };
  archive.append(JSON.stringify(manifest, null, 2) + '\n', { name: MANIFEST_FILE });
  await entries.next(MANIFEST_FILE);
  await archive.finalize();
  return manifest;
}

/** Each row as one JSON line, made by the database (no parse and re-stringify here). */
async function* pages(tx: Queryable, table: BackupTable): AsyncGenerator<string[]> {
  const cols = table.columns.map((c) => `"${c}"`).join(', ');
  // The last key of the page before: a text or integer key (bigint keys arrive as text).
  let after: string | number | null = null;
  const key = (alias: string) => table.keySql?.(alias) ?? `${alias}."${table.key}"`;
  for (;;) {
    const rows: { line: string; k: string | number }[] = await tx.query<{ line: string; k: string | number }>(
      `SELECT row_to_json(x)::text AS line, ${key('x')} AS k
         FROM (SELECT ${cols} FROM ${table.table} t
                WHERE ($1::text IS NULL OR ${key('t')} > $1::text::${keyType(table)})${table.only ? ` AND t."${table.only.column}" = ANY($2::text[])` : ''}
                ORDER BY ${key('t')} LIMIT ${PAGE}) x`,
      [after === null ? null : String(after), ...(table.only ? [table.only.values] : [])],
    );
    if (rows.length === 0) return;
    yield rows.map((r) => r.line);
    after = rows[rows.length - 1].k;
    if (rows.length < PAGE) return;
  }
}

/** SNOMED tables are keyed by release ids (text); the others by uuid, audit events by bigint. */
const keyType = (table: BackupTable) => (table.newKeys ? 'bigint' : (table.table.startsWith('snomed_') && table.key === 'id') || table.keySql ? 'text' : 'uuid');

/** The attachment rows (those whose contents exist) and each one's bytes as attachments/<id>. */
async function writeAttachments(tx: Queryable, archive: Archiver, entries: EntryWaiter, options: ExportOptions): Promise<number> {
  const table = BACKUP_TABLES.find((t) => t.part === 'attachments')!;
  const kept: string[] = [];
  let after: string | null = null;
  for (;;) {
    const rows: { line: string; id: string; blob_key: string }[] = await tx.query(
      `SELECT row_to_json(x)::text AS line, x.id, a.blob_key
         FROM (SELECT ${table.columns.map((c) => `"${c}"`).join(', ')} FROM attachments
                WHERE ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT 200) x
         JOIN attachments a ON a.id = x.id ORDER BY x.id`,
      [after],
    );
    for (const r of rows) {
      const data = options.blobs.getWith ? await options.blobs.getWith(tx, r.blob_key) : await options.blobs.get(r.blob_key);
      if (!data) {
        options.warn?.('attachment contents missing: left out of the backup', r.id);
        continue;
      }
      archive.append(data, { name: attachmentEntry(r.id), store: true });
      await entries.next(attachmentEntry(r.id));
      kept.push(r.line);
    }
    if (rows.length < 200) break;
    after = rows[rows.length - 1].id;
  }
  // Rows of attachments only: a few hundred bytes each, so even thousands are small.
  archive.append(kept.length ? kept.join('\n') + '\n' : '', { name: table.file });
  await entries.next(table.file);
  return kept.length;
}

interface EntryWaiter {
  /** Resolves once the archive has written the entry `name` (its input fully read). */
  next(name: string): Promise<void>;
}

/**
 * Archiver queues appended entries; waiting for each keeps at most one in the queue (backpressure
 * comes from the output stream). If the archive fails or its reader goes away, every wait rejects,
 * so the export's transaction ends instead of waiting for ever.
 */
function entryWaiter(archive: Archiver): EntryWaiter {
  const written = new Set<string>();
  let failure: Error | null = null;
  const waiting = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  archive.on('entry', (entry) => {
    written.add(entry.name);
    waiting.get(entry.name)?.resolve();
    waiting.delete(entry.name);
  });
  const fail = (err: Error) => {
    failure ??= err;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  archive.on('error', fail);
  archive.on('close', () => fail(new Error('backup stream closed')));
  archive.on('end', () => undefined);
  return {
    next(name) {
      if (written.delete(name)) return Promise.resolve();
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        waiting.set(name, {
          resolve: () => {
            written.delete(name);
            resolve();
          },
          reject,
        });
      });
    },
  };
}
