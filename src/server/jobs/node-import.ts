import type { FastifyInstance } from 'fastify';
import { DEFAULT_UPLOAD_NODE_TYPE, IMPORT_MESSAGES, LIMITS, NODE_MESSAGES, NODE_UPLOAD_COLUMNS, type UploadSummary } from '../../contract';
import type { Queryable } from '../db/db';
import { EMBEDDED_BATCH_ROWS } from '../db/turns';
import { badRequest } from '../plugins/errors';
import { readRows, type FileFormat, type ParseLimits, type ReadProgress } from './parsers';
import { MAX_REPORT_ROWS, errorReport } from './report';
import type { JobContext, JobOutcome } from './runner';

/**
 * Bulk node upload (spec §2 Bulk Upload Nodes dialog). Valid rows are inserted in batches,
 * one INSERT … SELECT FROM unnest each; a file with a structural problem leaves nothing
 * written (see the two modes below).
 * Duplicates (same name and type case-insensitively, or same SNOMED code; within the file
 * or against the database) are left to the unique indexes: ON CONFLICT DO NOTHING skips them.
 */
export const NODE_PARSE_LIMITS: ParseLimits = {
  maxRows: 500_000,
  maxColumns: 100,
  maxCellChars: 32_768,
  zip: { maxEntryBytes: 512 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024, maxRatio: 250 },
};
const BATCH_ROWS = 5000;
const SNOMED_CODE = /^\d{6,18}$/;
export const NODE_REPORT_HEADER = ['Row', 'nodename', 'nodetype', 'SNOMED', 'Error'];

/** Valid rows as column arrays (what the unnest insert takes). */
class NodeColumns {
  names: string[] = [];
  types: string[] = [];
  snomed: (string | null)[] = [];
  push(name: string, type: string, snomed: string | null): void {
    this.names.push(name);
    this.types.push(type);
    this.snomed.push(snomed);
  }
  get length(): number {
    return this.names.length;
  }
}

/** What reading the file found besides the valid rows. */
export interface NodeFileSummary {
  total: number;
  errorRows: string[][];
  errorCount: number;
}

/** Takes each valid row; may return a promise (a batch being written) that the reader waits for. */
type RowSink = (name: string, type: string, snomed: string | null) => Promise<void> | void;

type Columns = { name: number; nodeType: number; snomed: number };

/** Header cell → canonical name: trimmed, lower-case, inner spaces read as '_' ("Node Name" = node_name). */
const canonical = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, '_');

export function mapNodeHeader(cells: string[]): Columns | null {
  const names = cells.map(canonical);
  const find = (aliases: readonly string[]) => names.findIndex((n) => aliases.includes(n));
  const columns = { name: find(NODE_UPLOAD_COLUMNS.name), nodeType: find(NODE_UPLOAD_COLUMNS.nodeType), snomed: find(NODE_UPLOAD_COLUMNS.snomed) };
  return columns.name < 0 ? null : columns;
}

/** The reasons a row is refused (empty when it is valid). */
export function nodeRowProblems(name: string, nodeType: string, snomed: string): string[] {
  const problems: string[] = [];
  if (!name) problems.push(NODE_MESSAGES.nameRequired);
  else if (name.length > LIMITS.nameMaxLength) problems.push(`Name must be ${LIMITS.nameMaxLength} characters or less`);
  if (nodeType.length > LIMITS.nameMaxLength) problems.push(`Node type must be ${LIMITS.nameMaxLength} characters or less`);
  if (snomed && !SNOMED_CODE.test(snomed)) problems.push(NODE_MESSAGES.snomedDigits);
  return problems;
}

export async function readNodeFile(file: string, format: FileFormat, ctx: JobContext, sink: RowSink, onRead: ReadProgress): Promise<NodeFileSummary> {
  const summary: NodeFileSummary = { total: 0, errorRows: [], errorCount: 0 };
  let columns: Columns | null = null;
  let sawHeader = false;
  const cell = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
  for await (const batch of readRows(file, format, NODE_PARSE_LIMITS, onRead)) for (const row of batch) {
    if (!sawHeader) {
      sawHeader = true;
      columns = mapNodeHeader(row.cells);
      if (!columns) throw badRequest(IMPORT_MESSAGES.noNameColumn, 'missing_name_column');
      continue;
    }
    const c = columns!;
    const name = cell(row.cells, c.name);
    const nodeType = cell(row.cells, c.nodeType);
    const snomed = cell(row.cells, c.snomed);
    summary.total++;
    const problems = nodeRowProblems(name, nodeType, snomed);
    if (problems.length > 0) {
      if (++summary.errorCount <= MAX_REPORT_ROWS) summary.errorRows.push([String(row.number), name, nodeType, snomed, problems.join('; ')]);
    } else {
      const writing = sink(name, nodeType || DEFAULT_UPLOAD_NODE_TYPE, snomed || null);
      if (writing) await writing;
    }
    if (summary.total % 2000 === 0) ctx.throwIfAborted();
  }
  if (!sawHeader) throw badRequest(IMPORT_MESSAGES.empty, 'empty_file');
  if (summary.total === 0) throw badRequest(IMPORT_MESSAGES.headerOnly, 'no_data_rows');
  return summary;
}

/** Missing node types of a batch ($1 type names, $2 user): the first spelling in the file wins. */
export const INSERT_MISSING_TYPES_SQL = `
  INSERT INTO node_types (name, created_by)
  SELECT DISTINCT ON (lower(t.name)) t.name, $2::uuid FROM unnest($1::text[]) WITH ORDINALITY AS t(name, ord)
   WHERE NOT EXISTS (SELECT 1 FROM node_types nt WHERE lower(nt.name) = lower(t.name))
   ORDER BY lower(t.name), t.ord
  ON CONFLICT DO NOTHING`;

/** A batch's nodes in file order ($1 names, $2 types, $3 SNOMED codes, $4 user); answers how many were new. */
export const INSERT_NODES_SQL = `
  WITH added AS (
    INSERT INTO nodes (name, node_type_id, snomed_code, created_by, updated_by)
    SELECT r.name, nt.id, r.snomed, $4::uuid, $4::uuid
      FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS r(name, type, snomed, ord)
      JOIN node_types nt ON lower(nt.name) = lower(r.type)
     ORDER BY r.ord
    ON CONFLICT DO NOTHING
    RETURNING 1)
  SELECT count(*)::int AS created FROM added`;

/** One batch: missing types first, then the nodes. */
async function insertBatch(tx: Queryable, names: string[], types: string[], snomed: (string | null)[], userId: string): Promise<number> {
  await tx.query(INSERT_MISSING_TYPES_SQL, [types, userId]);
  const [{ created }] = await tx.query<{ created: number }>(INSERT_NODES_SQL, [names, types, snomed, userId]);
  return created;
}

const rowsText = (n: number) => n.toLocaleString('en');

/**
 * Embedded database (one connection, in this thread): read the whole file first, then insert
 * batch by batch, each its own transaction, so other requests get the database in between.
 */
async function bufferedImport(app: FastifyInstance, file: string, format: FileFormat, userId: string, ctx: JobContext) {
  const rows = new NodeColumns();
  const read = await readNodeFile(file, format, ctx, (n, t, s) => rows.push(n, t, s), (f) => ctx.progress(5 + 5 * f, 'Reading the file…'));
  ctx.validated();
  let created = 0;
  for (let start = 0; start < rows.length; start += EMBEDDED_BATCH_ROWS) {
    ctx.throwIfAborted();
    const end = Math.min(start + EMBEDDED_BATCH_ROWS, rows.length);
    ctx.progress(10 + (89 * start) / rows.length, `Inserting rows ${rowsText(start + 1)}–${rowsText(end)} of ${rowsText(rows.length)}`, 'inserting');
    created += await app.db.transaction((tx) =>
      insertBatch(tx, rows.names.slice(start, end), rows.types.slice(start, end), rows.snomed.slice(start, end), userId),
    );
  }
  return { read, created, valid: rows.length };
}

/**
 * PostgreSQL (another process): insert while reading — each batch goes to the server while
 * the next one is parsed — inside one transaction, so a file that turns out to be broken
 * halfway, or a server that stops, leaves nothing written.
 */
async function streamedImport(app: FastifyInstance, file: string, format: FileFormat, userId: string, ctx: JobContext) {
  let valid = 0;
  const result = await app.db.transaction(async (tx) => {
    let batch = new NodeColumns();
    let inflight: Promise<number> | null = null;
    let created = 0;
    const send = async () => {
      if (inflight) created += await inflight;
      const rows = batch;
      batch = new NodeColumns();
      valid += rows.length;
      inflight = insertBatch(tx, rows.names, rows.types, rows.snomed, userId);
      inflight.catch(() => undefined); // awaited on the next send or below
    };
    try {
      const read = await readNodeFile(
        file,
        format,
        ctx,
        (n, t, s) => {
          batch.push(n, t, s);
          if (batch.length >= BATCH_ROWS) return send();
        },
        (f) => ctx.progress(5 + 94 * f, `Reading and inserting: ${rowsText(valid)} rows so far`, 'inserting'),
      );
      if (batch.length > 0) await send();
      if (inflight) created += await inflight;
      return { read, created };
    } catch (err) {
      await (inflight as Promise<number> | null)?.catch(() => undefined);
      throw err;
    }
  });
  ctx.validated();
  return { ...result, valid };
}

/** The whole upload job; the caller owns the temp file. */
export async function runNodeImport(app: FastifyInstance, file: string, format: FileFormat, userId: string, ctx: JobContext): Promise<JobOutcome & { summary: UploadSummary }> {
  ctx.progress(5, 'Reading the file…', 'processing');
  const { read, created, valid } = app.db.kind === 'postgres' ? await streamedImport(app, file, format, userId, ctx) : await bufferedImport(app, file, format, userId, ctx);
  const summary: UploadSummary = { total: read.total, created, skipped: valid - created, errors: read.errorCount };
  let errorReportKey: string | null = null;
  if (read.errorCount > 0) {
    ctx.progress(99, 'Writing the error report…');
    errorReportKey = await app.blobs.put(errorReport(NODE_REPORT_HEADER, read.errorRows, read.errorCount));
  }
  const message = `Upload completed: ${created} created, ${summary.skipped} skipped (duplicates), ${summary.errors} with errors`;
  return { message, summary, errorReportKey };
}
