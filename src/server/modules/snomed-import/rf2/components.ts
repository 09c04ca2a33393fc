import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { IMPORT_MESSAGES, IMPORT_RESULT_TEXTS as R, type SnomedImportSummary } from '../../../../contract';
import type { Queryable } from '../../../db/db';
import { importBatchRows, importBatchesInFlight } from '../../../db/turns';
import { badRequest } from '../../../plugins/errors';
import { MAX_REPORT_ROWS, errorReport } from '../../../platform/files/xlsx';
import type { Checkpoint } from '../../../platform/jobs/repository';
import { BATCH_YIELD_MAX_MS, type JobContext, type JobOutcome } from '../../../platform/jobs/runner';
import { countRows, readRows, type FileFormat, type ParseLimits } from '../../../platform/parsers';
import { evaluateDrift, rebuildHierarchy, snapshotUsedTerms, type DriftPassDeps } from '../../snomed';
import { RF2_SPECS, checkHeader, checkRf2Row, kindOfHeader, kindOfName, sqlType, type Rf2Kind, type Rf2Row, type Rf2Spec } from './kinds';
import { arrayLiteral } from './array-literal';
import { extractRelease, type Rf2Part } from './release';
import { deferWordIndex, withDeferredWords } from '../word-index';

/**
 * The RF2 concept model's import: a release .zip, or one concept, relationship, language or
 * association snapshot file (a description file alone keeps the description import). The same
 * shape as the description import: a first pass checks every part's header and counts its rows
 * (a wrong file is refused before any row is written), then each part is upserted by id in
 * batches, each committed with the job's checkpoint (part and row), so a resume continues after
 * the last committed batch. A later release updates rows in place; a row older than the stored
 * one (by effectiveTime) does not overwrite it. Relationships to concepts nobody knows are error
 * rows; after the parts the is-a closure is rebuilt and is-a rows on a cycle are removed and
 * reported (snomed/hierarchy.ts).
 */
const REPORT_HEADER = ['Row', 'File', 'Cells', 'Error'];

/** Whether an upload is read by this import rather than the description import. */
export async function isConceptModelUpload(file: string, format: FileFormat, filename: string, limits: ParseLimits): Promise<boolean> {
  if (format === 'rf2zip') return true;
  if (format !== 'rf2') return false;
  const named = kindOfName(filename);
  if (named && named !== 'description') return true;
  for await (const batch of readRows(file, format, limits)) {
    if (batch.length === 0) continue;
    const kind = kindOfHeader(batch[0].cells);
    if (named === 'description' && kind && kind !== 'description') checkHeader(batch[0].cells, 'description', filename);
    return kind !== null && kind !== 'description';
  }
  return false;
}

/** Counts a part's data rows, refusing it unless its header is its kind's. */
async function scanPart(part: Rf2Part, limits: ParseLimits, ctx: JobContext): Promise<number> {
  const { first, rows } = await countRows(part.file, 'rf2', limits, {
    onFirst: (header) => checkHeader(header.cells, part.kind, part.name),
    afterBatch: () => ctx.throwIfAborted(),
  });
  if (!first) throw badRequest(`${part.name}: ${IMPORT_MESSAGES.empty}`, 'empty_file');
  return rows;
}

/**
 * Relationship rows whose source or destination no concept file or description names. `known`:
 * ids known to be concepts — those a dry run's own concept part would have written (it keeps
 * nothing), and every end an earlier batch found — which are not asked again; the ends found here
 * are added to it. A release's 3.1 million relationships name its 360,000 concepts over and over:
 * asked once each, the check cost 45 ms of every 5,000-row batch, half the batch's time
 * (bench/results/import-notes.md). An import never deletes a concept, so a found end stays found.
 */
async function unknownEnds(tx: Queryable, rows: Rf2Row[], known: Set<string>): Promise<Set<string>> {
  const ids = [...new Set(rows.flatMap((r) => [r[4] as string, r[5] as string]))].filter((id) => !known.has(id));
  if (ids.length === 0) return new Set();
  const unknown = await tx.query<{ id: string }>(
    `SELECT x.id FROM unnest($1::text[]) x(id)
      WHERE NOT EXISTS (SELECT 1 FROM snomed_rf2_concepts c WHERE c.id = x.id)
        AND NOT EXISTS (SELECT 1 FROM snomed_concepts d WHERE d.concept_id = x.id)`,
    [ids],
  );
  const missing = new Set(unknown.map((u) => u.id));
  for (const id of ids) if (!missing.has(id)) known.add(id);
  return missing;
}

/** Upserts a batch by id; a row older than the stored one, or equal to it, is left alone. */
async function upsert(tx: Queryable, spec: Rf2Spec, rows: Rf2Row[]): Promise<{ created: number; updated: number }> {
  const cols = spec.columns.map((col) => col.column);
  const rest = cols.filter((col) => col !== 'id');
  const arrays = spec.columns.map((col, i) => `$${i + 1}::${sqlType(col)}[]`).join(', ');
  const [counts] = await tx.query<{ created: number; updated: number }>(
    `WITH up AS (
       INSERT INTO ${spec.table} AS s (${cols.join(', ')}) SELECT * FROM unnest(${arrays})
       ON CONFLICT (id) DO UPDATE SET ${rest.map((col) => `${col} = EXCLUDED.${col}`).join(', ')}
       WHERE (${rest.map((col) => `s.${col}`).join(', ')}) IS DISTINCT FROM (${rest.map((col) => `EXCLUDED.${col}`).join(', ')})
         AND (s.effective_time IS NULL OR EXCLUDED.effective_time >= s.effective_time)
       RETURNING (xmax = 0) AS inserted)
     SELECT count(*) FILTER (WHERE inserted)::int AS created, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM up`,
    spec.columns.map((col, i) => arrayLiteral(rows.map((r) => r[i]), col.type !== 'text')),
  );
  return counts;
}

interface Progress {
  part: number;
  rowNumber: number;
  created: number;
  updated: number;
  dbErrors: number;
}

export async function runConceptModelImport(
  app: FastifyInstance,
  upload: string,
  format: FileFormat,
  filename: string,
  limits: ParseLimits,
  ctx: JobContext,
): Promise<JobOutcome & { summary: SnomedImportSummary }> {
  ctx.progress(1, 'Checking the file…', 'processing');
  let dir: string | null = null;
  let parts: Rf2Part[];
  if (format === 'rf2zip') {
    ({ parts, dir } = await extractRelease(upload, limits.zip, ctx.id));
  } else {
    let kind: Rf2Kind | null = kindOfName(filename);
    if (!kind) for await (const batch of readRows(upload, format, limits)) {
      kind = batch.length ? kindOfHeader(batch[0].cells) : null;
      break;
    }
    parts = [{ kind: kind ?? 'concept', file: upload, name: filename }];
  }
  try {
    const counts: number[] = [];
    for (const part of parts) counts.push(await scanPart(part, limits, ctx));
    const total = counts.reduce((a, b) => a + b, 0);
    if (total === 0) throw badRequest(IMPORT_MESSAGES.headerOnly, 'no_data_rows');
    ctx.validated();
    return await importParts(app, parts, counts, total, limits, ctx);
  } finally {
    if (dir) await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

async function importParts(app: FastifyInstance, parts: Rf2Part[], counts: number[], total: number, limits: ParseLimits, ctx: JobContext): Promise<JobOutcome & { summary: SnomedImportSummary }> {
  const rowsPerBatch = importBatchRows(app.db.kind);
  const summary: SnomedImportSummary = { totalRows: total, created: 0, updated: 0, unchanged: 0, errors: 0 };
  let errorRows: string[][] = [];
  const drift: DriftPassDeps = { db: app.db, yieldToRequests: () => app.requestActivity.whenIdle(BATCH_YIELD_MAX_MS), throwIfAborted: () => ctx.throwIfAborted() };
  const report = (row: number | string, part: string, cells: string[], problems: string[]) => {
    if (++summary.errors <= MAX_REPORT_ROWS) errorRows.push([String(row), part, cells.join('\t'), problems.join('; ')]);
  };
  const hierarchy = parts.some((p) => p.kind === 'concept' || p.kind === 'relationship');
  const knownConcepts = new Set<string>();
  // The description batches note their rows for the word index; it is brought up to date once, at the end.
  await withDeferredWords(app.db, ctx, () => ctx.resumable(async (from) => {
    const start = from.data as Partial<Progress>;
    if (!ctx.dryRun && from.rowsCommitted === 0 && start.part === undefined) {
      ctx.progress(9, 'Noting the terms of the codes in use…');
      await snapshotUsedTerms(drift, ctx.id);
    }
    const state: Progress = { part: start.part ?? 0, rowNumber: start.rowNumber ?? 0, created: start.created ?? 0, updated: start.updated ?? 0, dbErrors: start.dbErrors ?? 0 };
    summary.errors = state.dbErrors;
    errorRows = [];
    let kept = from.rowsCommitted;
    let done = counts.slice(0, state.part).reduce((a, b) => a + b, 0);
    for (const [index, part] of parts.entries()) {
      const spec = RF2_SPECS[part.kind];
      const resumeAfter = index < state.part ? Infinity : index === state.part ? state.rowNumber : 0;
      let batch = new Map<string, Rf2Row>();
      let batchRows: number[] = [];
      let seen = 0;
      /** One batch's statements: relationship ends checked, the rest upserted; the refused rows are reported once it is kept. */
      const write = async (tx: Queryable, rows: Map<string, Rf2Row>, numbers: number[]) => {
        if (spec.table === 'snomed_concepts') await deferWordIndex(tx);
        let valid = [...rows.values()];
        const refused: Array<[number, string[], string[]]> = [];
        if (spec.kind === 'relationship') {
          const unknown = await unknownEnds(tx, valid, knownConcepts);
          if (unknown.size > 0) {
            valid = valid.filter((r, i) => {
              const bad = [r[4], r[5]].filter((id) => unknown.has(id as string));
              if (bad.length === 0) return true;
              refused.push([numbers[i], r.map((v) => (v === null ? '' : typeof v === 'boolean' ? (v ? '1' : '0') : String(v))), [`refers to unknown concept ${bad.join(', ')}`]]);
              return false;
            });
          }
        }
        const c = valid.length ? await upsert(tx, spec, valid) : { created: 0, updated: 0 };
        return { kept: valid.length, refused, ...c };
      };
      const next = (previous: Checkpoint, upTo: number, w: Awaited<ReturnType<typeof write>>): Checkpoint => {
        const p = previous.data as Partial<Progress>;
        const data: Progress = { part: index, rowNumber: upTo, created: (p.created ?? 0) + w.created, updated: (p.updated ?? 0) + w.updated, dbErrors: (p.dbErrors ?? 0) + w.refused.length };
        return { rowsCommitted: previous.rowsCommitted + w.kept, rowsTotal: total, data: { ...data } };
      };
      const committed = (cp: Checkpoint, refused: Array<[number, string[], string[]]>) => {
        kept = cp.rowsCommitted;
        Object.assign(state, cp.data as unknown as Progress);
        for (const [row, cells, problems] of refused) report(row, part.name, cells, problems);
        const upTo = state.rowNumber;
        ctx.progress(10 + (85 * (done + upTo)) / total, (ctx.dryRun ? R.progressChecked : R.progressImported)(done + upTo, total), 'inserting', { done: done + upTo, total });
      };
      // The shared batch pipeline (platform/jobs/batches): the next batch is read while one is
      // written, and on PostgreSQL two are written at once while no request waits; each commits
      // with its checkpoint after the one before. Ids are the keys (batches sharing one are not
      // written side by side). A dry run rolls each batch back, one at a time (commitBatch).
      const refusedOf = new Map<number, Array<[number, string[], string[]]>>();
      const pipeline = ctx.dryRun
        ? null
        : ctx.pipeline(
            { rowsCommitted: kept, rowsTotal: total, data: { ...state } },
            () => (app.db.kind === 'postgres' ? importBatchesInFlight(app.requestActivity.quietForMs()) : 1),
            (cp) => {
              const refused = refusedOf.get(cp.data.rowNumber) ?? [];
              refusedOf.delete(cp.data.rowNumber);
              committed(cp, refused);
            },
          );
      const flush = async () => {
        if (batch.size === 0) return;
        ctx.throwIfAborted();
        const rows = batch;
        const numbers = batchRows;
        const upTo = seen;
        batch = new Map();
        batchRows = [];
        if (pipeline) {
          await pipeline.push({
            keys: new Set(rows.keys()),
            write: async (tx) => {
              const w = await write(tx, rows, numbers);
              refusedOf.set(upTo, w.refused);
              return (previous) => next(previous, upTo, w);
            },
          });
        } else {
          let refused: Array<[number, string[], string[]]> = [];
          const cp = await ctx.commitBatch(async (tx) => {
            const w = await write(tx, rows, numbers);
            refused = w.refused;
            return next({ rowsCommitted: kept, rowsTotal: total, data: { ...state } }, upTo, w);
          });
          committed(cp, refused);
        }
      };
      if (resumeAfter !== Infinity) {
        try {
          let header = true;
          for await (const read of readRows(part.file, 'rf2', limits)) {
            for (const row of read) {
              if (header) {
                header = false;
                continue;
              }
              seen++;
              const checked = checkRf2Row(spec, row.cells);
              if ('problems' in checked) {
                report(row.number, part.name, row.cells.map(String), checked.problems);
                continue;
              }
              if (seen <= resumeAfter) continue;
              // A repeated id within a batch: the first row stands (one upsert cannot touch a row twice).
              const id = checked.row[0] as string;
              if (batch.has(id)) {
                report(row.number, part.name, row.cells.map(String), ['id repeats an earlier row; only the first is imported']);
                continue;
              }
              batch.set(id, checked.row);
              if (ctx.dryRun && spec.kind === 'concept') knownConcepts.add(id);
              batchRows.push(row.number);
              if (batch.size >= rowsPerBatch) await flush();
            }
          }
          await flush();
          // The next part's batches must see this part's rows (a relationship's concepts).
          await pipeline?.drain();
        } finally {
          // A stop or a failure: batches still in flight end before the retry (or the stop) reads the checkpoint.
          await pipeline?.abandon();
        }
      }
      done += counts[index];
    }
    summary.created = state.created;
    summary.updated = state.updated;
  }));
  if (hierarchy) {
    ctx.progress(96, 'Building the hierarchy…');
    await ctx.commitBatch(async (tx) => {
      const { removed } = await rebuildHierarchy(tx);
      for (const edge of removed) report(edge.id, 'is-a', [edge.id, edge.sourceId, edge.destinationId], [`is-a ${edge.sourceId} → ${edge.destinationId} closes a cycle; not imported`]);
      return readCheckpoint(tx, ctx.id);
    });
  }
  summary.unchanged = Math.max(0, total - summary.errors - summary.created - summary.updated);
  if (!ctx.dryRun && summary.created + summary.updated > 0) {
    // Fresh statistics before curators browse the release: without them the planner takes the new
    // tables for empty and scans where an index answers in microseconds. Only an optimisation.
    ctx.progress(98, 'Preparing the catalogue for search…');
    // The concept search's word index was brought up to date after the batches (withDeferredWords).
    const tables = [...new Set([...parts.map((p) => RF2_SPECS[p.kind].table), ...(hierarchy ? ['snomed_closure', 'snomed_subtree_sizes'] : [])])];
    if (tables.includes('snomed_concepts')) tables.push('snomed_search_words');
    await app.db.exec(`VACUUM (ANALYZE) ${tables.join(', ')}`).catch((err) => app.log.warn({ err }, 'VACUUM after the SNOMED release import failed'));
  }
  if (!ctx.dryRun) {
    ctx.progress(99, 'Checking the codes in use…');
    await ctx.resumable(() => evaluateDrift(drift, ctx.id));
  }
  let errorReportKey: string | null = null;
  if (summary.errors > 0) errorReportKey = await app.blobs.put(errorReport(REPORT_HEADER, errorRows, summary.errors));
  const c = [total, summary.created, summary.updated, summary.unchanged, summary.errors] as const;
  const message = ctx.dryRun ? R.snomedChecked(...c) : R.snomedImported(...c);
  return { message, summary, errorReportKey };
}

async function readCheckpoint(tx: Queryable, jobId: string): Promise<Checkpoint> {
  const [row] = await tx.query<{ rows_committed: number | null; rows_total: number | null; checkpoint: Record<string, unknown> | null }>(
    'SELECT rows_committed, rows_total, checkpoint FROM import_jobs WHERE id = $1',
    [jobId],
  );
  return { rowsCommitted: row?.rows_committed ?? 0, rowsTotal: row?.rows_total ?? null, data: (row?.checkpoint ?? {}) as Checkpoint['data'] };
}
