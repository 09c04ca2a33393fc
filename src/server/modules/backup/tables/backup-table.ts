import { z } from 'zod';
import type { BackupPart } from '../../../../contract';

/**
 * What an archive holds, table by table (format version 1): the file, the table, the columns
 * (snake_case, as in the database), the key that pages the export, and the zod schema every row
 * must pass before a restore writes anything. One list, read by the export, the validation and the
 * restore, so a new table or column is added once (in its domain's file). Users have no password hash: it never
 * leaves the server; restored users get none and come back inactive (../restore.ts).
 */
export interface BackupTable {
  part: BackupPart;
  file: string;
  table: string;
  columns: readonly string[];
  /** Unique, indexed: the export pages by it (keyset), and restores in that order. */
  key: string;
  /** A composite key's text form over table alias `t`, unique (the export pages by it instead of `key`). */
  keySql?: (alias: string) => string;
  row: z.ZodType<Record<string, unknown>>;
  /** Columns naming a user (remapped to the restoring admin when the archive holds them). */
  userColumns: readonly string[];
  /**
   * The key is moved on restore (audit events: the new installation has its own): every such key
   * of the archive by the same offset past the installation's, so events keep their order.
   */
  newKeys?: true;
  /** Rows per INSERT on PostgreSQL (the embedded database takes a tenth: it is the server's memory). */
  batch: number;
  /** The migration that added the table: an archive written before it has no file for it (restored empty). */
  sinceMigration?: number;
  /** The archive format that added the file, for a table older than the archive's (an older format has none: restored empty). */
  sinceFormat?: number;
  /** Only these rows: those whose column holds one of the values (the others belong to the installation). */
  only?: { column: string; values: readonly string[] };
  /**
   * Rows that name file contents (blob_key, this installation's key): the archive holds each row's
   * bytes as `<contents>/<id>`, and a restore stores them anew and writes their new key.
   */
  contents?: string;
}

/** Whether an archive of this migration and format holds the table's file. */
export const inArchive = (table: BackupTable, archive: { migration: number; formatVersion: number }) =>
  (table.sinceMigration ?? 0) <= archive.migration && (table.sinceFormat ?? 1) <= archive.formatVersion;

/** A table's entry with its columns and row schema taken from one shape, so the two cannot differ. */
export const table = ({
  shape,
  check,
  ...rest
}: Omit<BackupTable, 'columns' | 'row'> & { shape: z.ZodRawShape; check?: (row: Record<string, unknown>) => string | null }): BackupTable => ({
  ...rest,
  columns: Object.keys(shape),
  row: check
    ? z.strictObject(shape).superRefine((row, ctx) => {
        const problem = check(row);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
    : z.strictObject(shape),
});
