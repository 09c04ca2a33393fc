import type { FastifyInstance } from 'fastify';
import { DEFAULT_UPLOAD_NODE_TYPE, IMPORT_MESSAGES, LIMITS, NODE_MESSAGES, NODE_UPLOAD_COLUMNS, type UploadSummary } from '../../contract';
import type { Queryable } from '../db/db';
import { badRequest } from '../plugins/errors';
import { readRows, type FileFormat, type ParseLimits } from './parsers';
import { MAX_REPORT_ROWS, errorReport } from './report';
import type { JobContext, JobOutcome } from './runner';

/**
 * Bulk node upload (spec §2 Bulk Upload Nodes dialog): read and check every row first — a
 * file with a structural problem is refused before anything is written — then insert the
 * valid rows in batches, each batch one transaction and one INSERT … SELECT FROM unnest.
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

export interface ParsedNodes {
  total: number;
  names: string[];
  types: string[];
  snomed: (string | null)[];
  errorRows: string[][];
  errorCount: number;
}

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

export async function parseNodeFile(file: string, format: FileFormat, ctx: JobContext): Promise<ParsedNodes> {
  const parsed: ParsedNodes = { total: 0, names: [], types: [], snomed: [], errorRows: [], errorCount: 0 };
  let columns: Columns | null = null;
  let sawHeader = false;
  const cell = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
  for await (const row of readRows(file, format, NODE_PARSE_LIMITS)) {
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
    parsed.total++;
    const problems = nodeRowProblems(name, nodeType, snomed);
    if (problems.length > 0) {
      if (++parsed.errorCount <= MAX_REPORT_ROWS) parsed.errorRows.push([String(row.number), name, nodeType, snomed, problems.join('; ')]);
    } else {
      parsed.names.push(name);
      parsed.types.push(nodeType || DEFAULT_UPLOAD_NODE_TYPE);
      parsed.snomed.push(snomed || null);
    }
    if (parsed.total % 2000 === 0) {
      ctx.throwIfAborted();
      ctx.progress(5 + Math.min(5, parsed.total / 20_000), `Reading the file: ${parsed.total.toLocaleString('en')} rows`);
    }
  }
  if (!sawHeader) throw badRequest(IMPORT_MESSAGES.empty, 'empty_file');
  if (parsed.total === 0) throw badRequest(IMPORT_MESSAGES.headerOnly, 'no_data_rows');
  return parsed;
}

/** One batch: missing types first (first spelling in the file wins), then the nodes, in file order. */
async function insertBatch(tx: Queryable, names: string[], types: string[], snomed: (string | null)[], userId: string): Promise<number> {
  await tx.query(
    `INSERT INTO node_types (name, created_by)
     SELECT DISTINCT ON (lower(t.name)) t.name, $2::uuid FROM unnest($1::text[]) WITH ORDINALITY AS t(name, ord)
      WHERE NOT EXISTS (SELECT 1 FROM node_types nt WHERE lower(nt.name) = lower(t.name))
      ORDER BY lower(t.name), t.ord
     ON CONFLICT DO NOTHING`,
    [types, userId],
  );
  const [{ created }] = await tx.query<{ created: number }>(
    `WITH added AS (
       INSERT INTO nodes (name, node_type_id, snomed_code, created_by, updated_by)
       SELECT r.name, nt.id, r.snomed, $4::uuid, $4::uuid
         FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS r(name, type, snomed, ord)
         JOIN node_types nt ON lower(nt.name) = lower(r.type)
        ORDER BY r.ord
       ON CONFLICT DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS created FROM added`,
    [names, types, snomed, userId],
  );
  return created;
}

export async function insertNodes(app: FastifyInstance, parsed: ParsedNodes, userId: string, ctx: JobContext): Promise<number> {
  const valid = parsed.names.length;
  let created = 0;
  for (let start = 0; start < valid; start += BATCH_ROWS) {
    ctx.throwIfAborted();
    const end = Math.min(start + BATCH_ROWS, valid);
    ctx.progress(10 + (89 * start) / valid, `Inserting rows ${(start + 1).toLocaleString('en')}–${end.toLocaleString('en')} of ${valid.toLocaleString('en')}`, 'inserting');
    created += await app.db.transaction((tx) =>
      insertBatch(tx, parsed.names.slice(start, end), parsed.types.slice(start, end), parsed.snomed.slice(start, end), userId),
    );
  }
  return created;
}

/** The whole upload job; the caller owns the temp file. */
export async function runNodeImport(app: FastifyInstance, file: string, format: FileFormat, userId: string, ctx: JobContext): Promise<JobOutcome & { summary: UploadSummary }> {
  ctx.progress(5, 'Reading the file…', 'processing');
  const parsed = await parseNodeFile(file, format, ctx);
  ctx.validated();
  const created = await insertNodes(app, parsed, userId, ctx);
  const valid = parsed.names.length;
  const summary: UploadSummary = { total: parsed.total, created, skipped: valid - created, errors: parsed.errorCount };
  let errorReportKey: string | null = null;
  if (parsed.errorCount > 0) {
    ctx.progress(99, 'Writing the error report…');
    errorReportKey = await app.blobs.put(errorReport(NODE_REPORT_HEADER, parsed.errorRows, parsed.errorCount));
  }
  const message = `Upload completed: ${created} created, ${summary.skipped} skipped (duplicates), ${summary.errors} with errors`;
  return { message, summary, errorReportKey };
}
