import type { FastifyInstance } from 'fastify';
import { IMPORT_MESSAGES, IMPORT_RESULT_TEXTS as R, SNOMED_RF2_COLUMNS, type SnomedImportSummary } from '../../../contract';
import type { Queryable } from '../../db/db';
import { PendingListMerges } from '../../db/gin-pending';
import { importBatchChars, importBatchRows } from '../../db/turns';
import { badRequest } from '../../plugins/errors';
import { countRows, readRows, type FileFormat, type ParseLimits } from '../../platform/parsers';
import { MAX_REPORT_ROWS, errorReport } from '../../platform/files/xlsx';
import { evaluateDrift, snapshotUsedTerms, type DriftPassDeps } from '../snomed';
import { BATCH_YIELD_MAX_MS, type JobContext, type JobOutcome } from '../../platform/jobs/runner';
import type { JobKindHandler } from '../../platform/jobs/kinds';
import { FirstSeen } from './first-seen';
import { isConceptModelUpload, runConceptModelImport } from './rf2/components';
import { checkSnomedRow, mapSnomedHeader, repeatedIdProblem, type SnomedColumns, type SnomedRow } from './rows';
import { deferWordIndex, withDeferredWords } from './word-index';

/**
 * SNOMED import (spec §4): upsert by row id — new rows are created, changed rows updated,
 * nothing is deleted. A catalogue file can be the whole International Edition (1.6M rows),
 * too big to hold, so the file is read twice: a first pass checks its structure and counts
 * the rows (a bad file is refused before anything is written, and progress has a
 * denominator), the second validates each row and upserts batches, one transaction each.
 * A dry run needs nothing of its own here beyond texts: repeated ids are refused by FirstSeen
 * before any batch, so no row can collide with an earlier batch's rolled-back upsert.
 */
export const SNOMED_PARSE_LIMITS: ParseLimits = {
  maxRows: 5_000_000,
  maxColumns: 50,
  maxCellChars: 32_768,
  zip: { maxEntryBytes: 1536 * 1024 * 1024, maxTotalBytes: 2048 * 1024 * 1024, maxRatio: 250 },
};
/**
 * After an import that wrote this many rows the table is vacuumed and analysed before the job
 * completes: it merges the trigram index's pending entries (every search scans them), sets the
 * rows' visibility hints (otherwise the first searches write them) and gives the planner the
 * new row counts — what autovacuum does some minutes later, while curators search the new
 * release. ~3 s for 1.6M rows.
 */
const VACUUM_AFTER_ROWS = 50_000;
export const SNOMED_REPORT_HEADER = ['Row', ...SNOMED_RF2_COLUMNS, 'Error'];

/** Checks the file's structure; answers its data row count and the worksheet read (workbooks). */
async function scan(file: string, format: FileFormat, ctx: JobContext): Promise<{ rows: number; sheet?: string }> {
  let counted = 0;
  const { first, rows } = await countRows(file, format, SNOMED_PARSE_LIMITS, {
    onFirst: (header) => mapSnomedHeader(header.cells),
    afterBatch: (n) => {
      counted = n;
      ctx.throwIfAborted();
    },
    onProgress: (f) => ctx.progress(1 + 8 * f, `Checking the file: ${counted.toLocaleString('en')} rows`),
  });
  if (!first) throw badRequest(IMPORT_MESSAGES.empty, 'empty_file');
  if (rows === 0) throw badRequest(IMPORT_MESSAGES.headerOnly, 'no_data_rows');
  return { rows, sheet: first.sheet };
}

/** Unchanged rows are not rewritten (a re-import of the same file writes nothing). */
async function upsertBatch(tx: Queryable, batch: Map<string, SnomedRow>): Promise<{ created: number; updated: number }> {
  const rows = [...batch.values()];
  const col = <K extends keyof SnomedRow>(k: K) => rows.map((r) => r[k]);
  const [counts] = await tx.query<{ created: number; updated: number }>(
    `WITH up AS (
       INSERT INTO snomed_concepts AS s (id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
       ON CONFLICT (id) DO UPDATE SET
         concept_id = EXCLUDED.concept_id, term = EXCLUDED.term, active = EXCLUDED.active,
         effective_time = EXCLUDED.effective_time, module_id = EXCLUDED.module_id, language_code = EXCLUDED.language_code,
         type_id = EXCLUDED.type_id, case_significance_id = EXCLUDED.case_significance_id
       WHERE (s.concept_id, s.term, s.active, s.effective_time, s.module_id, s.language_code, s.type_id, s.case_significance_id)
             IS DISTINCT FROM
             (EXCLUDED.concept_id, EXCLUDED.term, EXCLUDED.active, EXCLUDED.effective_time, EXCLUDED.module_id,
              EXCLUDED.language_code, EXCLUDED.type_id, EXCLUDED.case_significance_id)
       RETURNING (xmax = 0) AS inserted)
     SELECT count(*) FILTER (WHERE inserted)::int AS created, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM up`,
    [
      col('id'),
      col('conceptId'),
      col('term'),
      col('active'),
      col('effectiveTime'),
      col('moduleId'),
      col('languageCode'),
      col('typeId'),
      col('caseSignificanceId'),
    ],
  );
  return counts;
}

/**
 * The import (or its resume from the job's checkpoint): the checkpoint counts the data rows of
 * the file read through the last committed batch (`rowNumber`) and the created / updated counts
 * so far; a resume reads the file again and upserts the rows after it. Re-upserting a row is
 * harmless (unchanged rows are not rewritten), but the counts would be wrong without it.
 */
export async function runSnomedImport(app: FastifyInstance, file: string, format: FileFormat, ctx: JobContext): Promise<JobOutcome & { summary: SnomedImportSummary }> {
  ctx.progress(1, 'Checking the file…', 'processing');
  if (format === 'rf2zip' || format === 'rf2') {
    const [job] = await app.db.query<{ filename: string | null }>('SELECT filename FROM import_jobs WHERE id = $1', [ctx.id]);
    const filename = job?.filename ?? '';
    if (await isConceptModelUpload(file, format, filename, SNOMED_PARSE_LIMITS)) return runConceptModelImport(app, file, format, filename, SNOMED_PARSE_LIMITS, ctx);
  }
  const { rows: total, sheet } = await scan(file, format, ctx);
  ctx.validated();
  const rowsPerBatch = importBatchRows(app.db.kind);
  const charsPerBatch = importBatchChars(app.db.kind);

  const summary: SnomedImportSummary = { totalRows: total, created: 0, updated: 0, unchanged: 0, errors: 0, ...(sheet !== undefined && { sheet }) };
  let errorRows: string[][] = [];
  const drift: DriftPassDeps = {
    db: app.db,
    yieldToRequests: () => app.requestActivity.whenIdle(BATCH_YIELD_MAX_MS),
    throwIfAborted: () => ctx.throwIfAborted(),
  };
  // The batches note their rows for the word index; it is brought up to date once, at the end.
  await withDeferredWords(app.db, ctx, () => ctx.resumable(async (from) => {
    // The terms of the codes nodes use, before this job writes (SNOMED drift); a
    // resume after committed batches keeps the snapshot it took then.
    if (!ctx.dryRun && from.rowsCommitted === 0 && !from.data.rowNumber) {
      ctx.progress(9, 'Noting the terms of the codes in use…');
      await snapshotUsedTerms(drift, ctx.id);
    }
    summary.created = from.data.created ?? 0;
    summary.updated = from.data.updated ?? 0;
    summary.errors = 0;
    errorRows = [];
    const resumeAfter = from.data.rowNumber ?? 0;
    let kept = from.rowsCommitted;
    // A repeated id is an error row (the first one is imported), within a batch or across batches,
    // so the summary adds up: total = created + updated + unchanged + errors.
    const firstSeen = new FirstSeen(total);
    const merges = new PendingListMerges(app.db, ['snomed_concepts']);
    let batch = new Map<string, SnomedRow>();
    let batchRows = 0;
    let batchChars = 0;
    let seen = 0;
    // One batch is written while the next is parsed (on PostgreSQL the two run in parallel).
    let inflight: Promise<void> | null = null;
    const settle = async () => {
      if (inflight) await inflight;
      inflight = null;
    };
    const flush = async () => {
      await settle();
      if (batch.size === 0) return;
      ctx.throwIfAborted();
      const rows = batch;
      const upTo = seen;
      const valid = batchRows;
      batch = new Map();
      batchRows = 0;
      batchChars = 0;
      inflight = ctx
        .commitBatch(
          async (tx) => {
            await deferWordIndex(tx);
            const counts = await upsertBatch(tx, rows);
            const data = { rowNumber: upTo, created: summary.created + counts.created, updated: summary.updated + counts.updated };
            return { rowsCommitted: kept + valid, rowsTotal: total, data };
          },
          { merges },
        )
        .then((cp) => {
          kept = cp.rowsCommitted;
          summary.created = cp.data.created;
          summary.updated = cp.data.updated;
          // Progress is work done: 10 % for the check, the rest by committed rows.
          ctx.progress(10 + (89 * upTo) / total, (ctx.dryRun ? R.progressChecked : R.progressImported)(upTo, total), 'inserting', { done: upTo, total });
        });
      inflight.catch(() => undefined); // awaited by the next flush or settle
    };

    ctx.throwIfAborted();
    let columns: SnomedColumns | null = null;
    try {
      for await (const rows of readRows(file, format, SNOMED_PARSE_LIMITS)) for (const row of rows) {
        if (!columns) {
          columns = mapSnomedHeader(row.cells);
          continue;
        }
        seen++;
        const checked = checkSnomedRow(row.cells, columns);
        // Ids are remembered from the file's start, also for the rows a resume skips.
        const earlier = 'row' in checked ? firstSeen.firstRow(checked.row.id, row.number) : undefined;
        const problems = 'row' in checked ? (earlier === undefined ? null : [repeatedIdProblem(earlier)]) : checked.problems;
        if ('row' in checked && !problems) {
          if (seen <= resumeAfter) continue; // committed before the resume
          batch.set(checked.row.id, checked.row);
          batchRows++;
          batchChars += checked.row.term.length;
          if (batch.size >= rowsPerBatch || batchChars >= charsPerBatch) await flush();
        } else if (++summary.errors <= MAX_REPORT_ROWS) {
          errorRows.push([String(row.number), ...checked.values, problems!.join('; ')]);
        }
      }
      await flush();
      await settle();
    } catch (err) {
      // A batch still in flight ends before the retry (or the stop) reads the checkpoint.
      await settle().catch(() => undefined);
      throw err;
    }
  }));
  summary.unchanged = total - summary.errors - summary.created - summary.updated;
  // Which nodes' codes this import retired, inactivated or renamed (idempotent: a resume runs it
  // again). A check writes nothing, so it neither snapshots nor records drift.
  if (!ctx.dryRun) {
    ctx.progress(99, 'Checking the codes in use…');
    await ctx.resumable(() => evaluateDrift(drift, ctx.id));
  }
  if (!ctx.dryRun && summary.created + summary.updated >= VACUUM_AFTER_ROWS) {
    ctx.progress(99, 'Preparing the catalogue for search…');
    // Only an optimisation (autovacuum does it later): a failure must not fail the import.
    await app.db.exec('VACUUM (ANALYZE) snomed_concepts, snomed_search_words').catch((err) => app.log.warn({ err }, 'VACUUM after the SNOMED import failed'));
  }

  let errorReportKey: string | null = null;
  if (summary.errors > 0) {
    ctx.progress(99, 'Writing the error file…');
    errorReportKey = await app.blobs.put(errorReport(SNOMED_REPORT_HEADER, errorRows, summary.errors));
  }
  const counts = [total, summary.created, summary.updated, summary.unchanged, summary.errors] as const;
  const sentence = ctx.dryRun ? R.snomedChecked(...counts) : R.snomedImported(...counts);
  const message = sheet !== undefined ? `${sentence} (sheet ${JSON.stringify(sheet)})` : sentence;
  return { message, summary, errorReportKey };
}

/** The SNOMED import (it belongs to no user: the terminology is shared) as a kind of job: the engine runs it again from its checkpoint after an interruption. */
export const snomedImportJob: JobKindHandler = {
  kind: 'snomed',
  runsAsUser: false,
  run: (app, file, format, _createdBy, ctx) => runSnomedImport(app, file, format, ctx),
};
