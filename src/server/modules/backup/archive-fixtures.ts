import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/db';
import { zipParts, type ZipPart } from '../../platform/parsers/test-books';
import { openBackupArchive } from './archive-reader';
import { BACKUP_TABLES, MANIFEST_FILE, contentEntry } from './tables';

/** Test helpers: an archive's entries, an archive rebuilt with some changed, and what a restore may not have written. */

/** Archive entries by name (read with the restore's own reader). */
export async function entriesOf(data: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(os.tmpdir(), `kg-backup-test-${process.pid}-${Math.random().toString(16).slice(2)}.zip`);
  fs.writeFileSync(file, data);
  try {
    const reader = await openBackupArchive(file);
    const names = [MANIFEST_FILE, ...BACKUP_TABLES.map((t) => t.file)];
    const out = new Map<string, Buffer>();
    for (const n of names) out.set(n, await reader.bytes(n));
    for (const table of BACKUP_TABLES.filter((t) => t.contents)) {
      for (const line of out.get(table.file)!.toString('utf8').split('\n').filter(Boolean)) {
        const entry = contentEntry(table, (JSON.parse(line) as { id: string }).id);
        out.set(entry, await reader.bytes(entry));
      }
    }
    return out;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The archive again, each entry as `change` returns it (null: left out). */
export const rebuilt = (entries: Map<string, Buffer>, change: (name: string, data: Buffer) => Buffer | string | null, declaredSizes: Record<string, number> = {}): Buffer =>
  zipParts(
    [...entries].flatMap(([name, data]): ZipPart[] => {
      const next = change(name, data);
      return next === null ? [] : [{ name, data: next, declaredSize: declaredSizes[name] }];
    }),
  );

/** An NDJSON entry with one of its rows changed (`which` picks it). */
export function editRow(data: Buffer, which: (row: Record<string, unknown>) => boolean, change: (row: Record<string, unknown>) => Record<string, unknown>): string {
  const rows = data.toString().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  const at = rows.findIndex(which);
  if (at < 0) throw new Error('no such row');
  rows[at] = change(rows[at]);
  return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/** The 1-based line of the first row `which` picks. */
export const lineOf = (data: Buffer, which: (row: Record<string, unknown>) => boolean) =>
  data.toString().split('\n').filter(Boolean).findIndex((l) => which(JSON.parse(l) as Record<string, unknown>)) + 1;

export async function countAll(db: Db) {
  const [c] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM nodes)::int AS nodes, (SELECT count(*) FROM relations)::int AS relations,
            (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM roles)::int AS roles,
            (SELECT count(*) FROM attachments)::int AS attachments, (SELECT count(*) FROM snomed_concepts)::int AS snomed,
            (SELECT count(*) FROM audit_log)::int AS events`,
  );
  return c;
}

/** A multipart body: text fields first (as a browser's FormData sends them in order), then the file. */
export function multipartWith(fields: Record<string, string>, filename: string, data: Buffer) {
  const boundary = '----kgtest' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([...parts, head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
