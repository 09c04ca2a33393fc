import type { FastifyInstance } from 'fastify';
import { DEFAULT_UPLOAD_NODE_TYPE, IMPORT_MESSAGES, IMPORT_RESULT_TEXTS as R, LIMITS, NODE_MESSAGES, NODE_UPLOAD_COLUMNS, type UploadSummary } from '../../../contract';
import type { Db, Queryable } from '../../db/db';
import { PendingListMerges } from '../../db/gin-pending';
import { importBatchRows, importBatchesInFlight } from '../../db/turns';
import { badRequest } from '../../plugins/errors';
import { readRows, type FileFormat, type ParseLimits, type ReadProgress } from '../../platform/parsers';
import { cellText, idColumn, textColumn } from '../../platform/parsers/cell-text';
import { UPLOAD_PARSE_LIMITS } from '../../platform/parsers/limits';
import type { Cell } from '../../platform/parsers/types';
import { CreatedNodeKeys } from './created-keys';
import { batchesWhileReading } from '../../platform/jobs/batches/batches-while-reading';
import { MAX_REPORT_ROWS, errorReport } from '../../platform/files/xlsx';
import type { JobContext, JobOutcome } from '../../platform/jobs/runner';
import type { JobKindHandler } from '../../platform/jobs/kinds';

/**
 * Bulk node upload (spec §2 Bulk Upload Nodes dialog). Valid rows are inserted in batches,
 * one INSERT … SELECT FROM unnest each, committed with the job's checkpoint; a file with a
 * structural problem leaves nothing written (it is read whole before the first batch).
 * Duplicates (same name and type case-insensitively, or same SNOMED code; within the file
 * or against the database) are left to the unique indexes: ON CONFLICT DO NOTHING skips them.
 */
export const NODE_PARSE_LIMITS: ParseLimits = UPLOAD_PARSE_LIMITS;
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
  /** Valid rows without a node type: they get DEFAULT_UPLOAD_NODE_TYPE, and the summary says so. */
  untyped: number;
  /** The worksheet read, for workbooks. */
  sheet?: string;
}

/** Takes each valid row; may return a promise (a batch being written) that the reader waits for. */
type RowSink = (name: string, type: string, snomed: string | null) => Promise<void> | void;

type Columns = { name: number; nodeType: number; snomed: number };

/** Header cell → canonical name: trimmed, lower-case, inner spaces read as '_' ("Node Name" = node_name). */
const canonical = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, '_');

export function mapNodeHeader(cells: Cell[]): Columns | null {
  const names = cells.map((c) => canonical(cellText(c)));
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
  const summary: NodeFileSummary = { total: 0, errorRows: [], errorCount: 0, untyped: 0 };
  let columns: Columns | null = null;
  let sawHeader = false;
  for await (const batch of readRows(file, format, NODE_PARSE_LIMITS, onRead)) for (const row of batch) {
    if (!sawHeader) {
      sawHeader = true;
      summary.sheet = row.sheet;
      columns = mapNodeHeader(row.cells);
      if (!columns) throw badRequest(IMPORT_MESSAGES.noNameColumn, 'missing_name_column');
      continue;
    }
    const c = columns!;
    // Each column formats its cell: names as Excel shows them, the SNOMED code as its digits. No
    // closure or array per row: this runs in the server's thread, and tsx names each closure made.
    const nameCell = textColumn(c.name >= 0 ? row.cells[c.name] : undefined, 'Name');
    const typeCell = textColumn(c.nodeType >= 0 ? row.cells[c.nodeType] : undefined, 'Node type');
    const snomedCell = idColumn(c.snomed >= 0 ? row.cells[c.snomed] : undefined, 'SNOMED code');
    const name = nameCell.text;
    const nodeType = typeCell.text;
    const snomed = snomedCell.text;
    summary.total++;
    const cellProblems: string[] = [];
    if (nameCell.problem) cellProblems.push(nameCell.problem);
    if (typeCell.problem) cellProblems.push(typeCell.problem);
    if (snomedCell.problem) cellProblems.push(snomedCell.problem);
    const problems = cellProblems.length > 0 ? cellProblems : nodeRowProblems(name, nodeType, snomed);
    if (problems.length > 0) {
      if (++summary.errorCount <= MAX_REPORT_ROWS) summary.errorRows.push([String(row.number), name, nodeType, snomed, problems.join('; ')]);
    } else {
      if (!nodeType) summary.untyped++;
      const writing = sink(name, nodeType || DEFAULT_UPLOAD_NODE_TYPE, snomed || null);
      if (writing) await writing;
    }
    if (summary.total % 2000 === 0) ctx.throwIfAborted();
  }
  if (!sawHeader) throw badRequest(IMPORT_MESSAGES.empty, 'empty_file');
  if (summary.total === 0) throw badRequest(IMPORT_MESSAGES.headerOnly, 'no_data_rows');
  return summary;
}

/**
 * Missing node types of a batch ($1 type names, $2 user, $3 job id): the first spelling in the file
 * wins. Each new type gets its create event in the same statement.
 */
export const INSERT_MISSING_TYPES_SQL = `
  WITH added AS (
    INSERT INTO node_types (name, created_by)
    SELECT DISTINCT ON (lower(t.name)) t.name, $2::uuid FROM unnest($1::text[]) WITH ORDINALITY AS t(name, ord)
     WHERE NOT EXISTS (SELECT 1 FROM node_types nt WHERE lower(nt.name) = lower(t.name))
     ORDER BY lower(t.name), t.ord
    ON CONFLICT DO NOTHING
    RETURNING id, name, color)
  INSERT INTO audit_log (actor_id, actor_name, action, entity_type, entity_id, changes, detail)
  SELECT $2::uuid, (SELECT username FROM users WHERE id = $2::uuid), 'create', 'node_type', a.id::text,
         jsonb_build_array(jsonb_build_object('field', 'name', 'before', NULL, 'after', a.name),
                           jsonb_build_object('field', 'color', 'before', NULL, 'after', a.color)),
         jsonb_build_object('state', jsonb_build_object('name', a.name, 'color', a.color), 'jobId', $3::text)
    FROM added a`;

/**
 * A batch's nodes in file order ($1 names, $2 types, $3 SNOMED codes, $4 user, $5 the job, $6 how
 * many valid rows came before the batch, $7 whether to answer the created nodes' keys: a dry run's,
 * see created-keys.ts); answers how many were new. Every node of one upload is
 * created at the job's creation time (a resumed job too) and numbered by its place in the file
 * (import_seq, migration 0018), so the node list shows the newest upload first, in its file's order.
 * updated_at is the batch's own time (now()), as for every other write of a node: the likely-duplicates
 * refresh finds the nodes written since its last pass by it (migration 0027), and a batch of a job
 * created before that pass would otherwise bear an older time and never be probed.
 * Each created node gets its audit event in the same statement, stored with the batch's others as
 * one row of audit_created_batches (migration 0029: parallel arrays in file order), which the view
 * audit_events reads back as one create event per node listing the fields set; a restore reads
 * the node's state from them (no detail.state).
 */
export const INSERT_NODES_SQL = `
  WITH job AS (SELECT COALESCE((SELECT created_at FROM import_jobs WHERE id = $5::uuid), now()) AS at),
  added AS (
    INSERT INTO nodes (name, node_type_id, snomed_code, created_by, updated_by, created_at, updated_at, import_seq)
    SELECT r.name, nt.id, r.snomed, $4::uuid, $4::uuid, job.at, now(), $6::int + r.ord::int
      FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS r(name, type, snomed, ord)
      CROSS JOIN job
      JOIN node_types nt ON lower(nt.name) = lower(r.type)
     ORDER BY r.ord
    ON CONFLICT DO NOTHING
    RETURNING id, name, node_type_id, snomed_code, import_seq),
  logged AS (
    INSERT INTO audit_created_batches (actor_id, actor_name, entity_type, job_id, entity_ids, names, type_names, snomed_codes)
    SELECT $4::uuid, (SELECT username FROM users WHERE id = $4::uuid), 'node', $5::text,
           array_agg(a.id ORDER BY a.import_seq), array_agg(a.name ORDER BY a.import_seq),
           array_agg(nt.name ORDER BY a.import_seq), array_agg(a.snomed_code ORDER BY a.import_seq)
      FROM added a JOIN node_types nt ON nt.id = a.node_type_id
    HAVING count(*) > 0)
  SELECT count(*)::int AS created,
         (SELECT array_agg(lower(a.name) || chr(1) || lower(nt.name)) FROM added a JOIN node_types nt ON nt.id = a.node_type_id WHERE $7::boolean) AS keys,
         (SELECT array_agg(a.snomed_code) FROM added a WHERE $7::boolean AND a.snomed_code IS NOT NULL) AS codes
    FROM added`;

/** A batch's missing node types (INSERT_MISSING_TYPES_SQL). */
const insertMissingTypes = (tx: Queryable, types: string[], userId: string, jobId: string) => tx.query(INSERT_MISSING_TYPES_SQL, [types, userId, jobId]);

/** A batch's nodes (INSERT_NODES_SQL), the types already there; answers how many were new and, when `keys`, their keys. */
async function insertNodes(tx: Queryable, names: string[], types: string[], codes: (string | null)[], from: number, userId: string, jobId: string, keys: boolean) {
  const params = [names, types, codes, userId, jobId, from, keys];
  const [row] = await tx.query<{ created: number; keys: string[] | null; codes: string[] | null }>(INSERT_NODES_SQL, params);
  return row;
}

/**
 * One batch: missing types first, then the nodes. A dry run (`dryRun` set) first leaves out the rows
 * that collide with nodes its earlier, rolled-back batches created, and remembers what this one creates.
 */
async function insertBatch(tx: Queryable, rows: NodeColumns, from: number, to: number, userId: string, jobId: string, dryRun?: CreatedNodeKeys): Promise<number> {
  let names = rows.names.slice(from, to);
  let types = rows.types.slice(from, to);
  let codes = rows.snomed.slice(from, to);
  if (dryRun) {
    const skip = await dryRun.collisions(tx, names, types, codes);
    if (skip.size > 0) {
      const keep = (_: unknown, i: number) => !skip.has(i);
      [names, types, codes] = [names.filter(keep), types.filter(keep), codes.filter(keep)];
    }
  }
  await insertMissingTypes(tx, types, userId, jobId);
  const { created, keys, codes: createdCodes } = await insertNodes(tx, names, types, codes, from, userId, jobId, dryRun !== undefined);
  dryRun?.remember(keys, createdCodes);
  return created;
}

/**
 * What a batch's rows take in the unique indexes of `nodes` (lower(name) with the type; the SNOMED
 * code): a batch that shares one with a batch in flight waits for its commit (batch-pipeline.ts).
 */
function batchKeys(rows: NodeColumns, from: number, to: number): Set<string> {
  const keys = new Set<string>();
  for (let i = from; i < to; i++) {
    keys.add(`n\u0001${rows.names[i].toLowerCase()}\u0001${rows.types[i].toLowerCase()}`);
    const code = rows.snomed[i];
    if (code) keys.add(`s\u0001${code}`);
  }
  return keys;
}

/**
 * Nothing is kept before the whole file has been read: its structural problems (a broken zip, an
 * unterminated quote, too many rows) refuse it with nothing written. On PostgreSQL the first
 * transaction is open during the read and takes full batches as the parser thread delivers them
 * (batches-while-reading.ts); it commits, with the checkpoint, when the read has ended. On the
 * embedded database the file is read first. The batches after that are each their own transaction
 * with the job's checkpoint, so other requests get the database in between and a stop keeps whole
 * batches only. A resume (after a lost connection, or of a job interrupted by a stop) reads the
 * file again and starts after the rows its checkpoint counts: the file is read the same way each
 * time, so valid row k is the same row.
 */
async function importRows(db: Db, file: string, format: FileFormat, userId: string, ctx: JobContext, quietForMs: () => number) {
  const batchRows = () => importBatchRows(db.kind, quietForMs());
  let rows = new NodeColumns();
  let read: NodeFileSummary | null = null;
  const readFile = (sink: RowSink) => readNodeFile(file, format, ctx, sink, (f) => ctx.progress(5 + 5 * f, 'Reading the file…'));
  const created = await ctx.resumable(async (from) => {
    let done = from.rowsCommitted;
    let created = from.data.created ?? 0;
    // A dry run commits no checkpoint: it always starts here from the first row, with no keys.
    const dryRun = ctx.dryRun ? new CreatedNodeKeys() : undefined;
    const merges = new PendingListMerges(db, ['nodes'], quietForMs);
    if (!read && done === 0 && db.kind === 'postgres') {
      // Read and write at once, in one transaction that commits once the read has ended.
      rows = new NodeColumns();
      const cp = await ctx.commitBatch(async (tx) => {
        const batches = batchesWhileReading(batchRows(), async (from, to) => {
          await merges.beforeBatch(tx, false);
          created += await insertBatch(tx, rows, from, to, userId, ctx.id, dryRun);
        });
        try {
          const summary = await readFile((n, t, s) => {
            rows.push(n, t, s);
            batches.rowsRead(rows.length);
          });
          const written = await batches.settle();
          read = summary;
          return { rowsCommitted: written, rowsTotal: rows.length, data: { created } };
        } catch (err) {
          // No batch may still be using the transaction when it is rolled back.
          await batches.settle().catch(() => undefined);
          throw err;
        }
      });
      done = cp.rowsCommitted;
      created = cp.data.created;
    } else if (!read) {
      rows = new NodeColumns();
      read = await readFile((n, t, s) => rows.push(n, t, s));
    }
    ctx.validated();
    const total = rows.length;
    done = Math.min(done, total);
    // Progress is work done: 5-10 % for the read, the rest by committed rows.
    const text = ctx.dryRun ? R.progressChecked : R.progressImported;
    const report = () => ctx.progress(10 + (89 * done) / Math.max(total, 1), text(done, total), 'inserting', { done, total });
    report();
    if (db.kind === 'postgres' && !ctx.dryRun) {
      // Two batches in flight while nobody is waiting, committed in file order (batch-pipeline.ts).
      const pipeline = ctx.pipeline({ rowsCommitted: done, rowsTotal: total, data: { created } }, () => importBatchesInFlight(quietForMs()), (cp) => {
        done = cp.rowsCommitted;
        created = cp.data.created;
        report();
      });
      try {
        for (let from = done; from < total; ) {
          // A stop keeps the batches in flight: they commit before the job says what it kept.
          if (ctx.signal.aborted) await pipeline.abandon();
          ctx.throwIfAborted();
          const [at, end] = [from, Math.min(from + batchRows(), total)];
          await pipeline.push({
            keys: batchKeys(rows, at, end),
            first: (tx) => insertMissingTypes(tx, rows.types.slice(at, end), userId, ctx.id).then(() => undefined),
            write: async (tx) => {
              await merges.beforeBatch(tx, end === total);
              const { created: added } = await insertNodes(tx, rows.names.slice(at, end), rows.types.slice(at, end), rows.snomed.slice(at, end), at, userId, ctx.id, false);
              return (previous) => ({ rowsCommitted: end, rowsTotal: total, data: { created: (previous.data.created ?? 0) + added } });
            },
          });
          from = end;
        }
        await pipeline.drain();
      } finally {
        // A stop or a failure: no batch may still commit once the job has given up.
        await pipeline.abandon();
      }
    }
    // On the embedded database, and in a dry run: one batch at a time.
    while (done < total) {
      ctx.throwIfAborted();
      const end = Math.min(done + batchRows(), total);
      const cp = await ctx.commitBatch(
        async (tx) => {
          await merges.beforeBatch(tx, end === total);
          const added = await insertBatch(tx, rows, done, end, userId, ctx.id, dryRun);
          return { rowsCommitted: end, rowsTotal: total, data: { created: created + added } };
        },
        { merges },
      );
      done = end;
      created = cp.data.created;
      report();
    }
    return created;
  });
  return { read: read!, created, valid: rows.length };
}

/** The whole upload job (or its resume from the job's checkpoint); the runner owns the temp file. */
export async function runNodeImport(app: FastifyInstance, file: string, format: FileFormat, userId: string, ctx: JobContext): Promise<JobOutcome & { summary: UploadSummary }> {
  ctx.progress(5, 'Reading the file…', 'processing');
  const { read, created, valid } = await importRows(app.db, file, format, userId, ctx, () => app.requestActivity.quietForMs());
  const summary: UploadSummary = {
    total: read.total,
    created,
    skipped: valid - created,
    errors: read.errorCount,
    ...(read.sheet !== undefined && { sheet: read.sheet }),
    ...(read.untyped > 0 && { untyped: read.untyped }),
  };
  let errorReportKey: string | null = null;
  if (read.errorCount > 0) {
    ctx.progress(99, 'Writing the error report…');
    errorReportKey = await app.blobs.put(errorReport(NODE_REPORT_HEADER, read.errorRows, read.errorCount));
  }
  const sheet = read.sheet !== undefined ? ` (sheet ${JSON.stringify(read.sheet)})` : '';
  // A row without a node type is typed "General": said in the message as in the dialog, not silent.
  const untyped = read.untyped > 0 ? `. ${ctx.dryRun ? R.untypedCheck(read.untyped) : R.untyped(read.untyped)}` : '';
  const message = ctx.dryRun
    ? `Check completed${sheet}: ${R.checked(created, summary.skipped, summary.errors)}${untyped}`
    : `Upload completed${sheet}: ${R.uploaded(created, summary.skipped, summary.errors)}${untyped}`;
  return { message, summary, errorReportKey };
}

/** The node upload as a kind of job: the engine runs it again from its checkpoint after an interruption. */
export const nodeImportJob: JobKindHandler = {
  kind: 'nodes',
  runsAsUser: true,
  run: (app, file, format, createdBy, ctx) => runNodeImport(app, file, format, createdBy!, ctx),
};
