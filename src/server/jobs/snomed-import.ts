import type { FastifyInstance } from 'fastify';
import { IMPORT_MESSAGES, SNOMED_RF2_COLUMNS, type SnomedImportSummary } from '../../contract';
import type { Queryable } from '../db/db';
import { EMBEDDED_BATCH_ROWS } from '../db/turns';
import { badRequest } from '../plugins/errors';
import { readRows, type FileFormat, type ParseLimits } from './parsers';
import { MAX_REPORT_ROWS, errorReport } from './report';
import type { JobContext, JobOutcome } from './runner';
import { checkSnomedRow, mapSnomedHeader, type SnomedColumns, type SnomedRow } from './snomed-rows';

/**
 * SNOMED import (spec §4): upsert by row id — new rows are created, changed rows updated,
 * nothing is deleted. A catalogue file can be the whole International Edition (1.6M rows),
 * too big to hold, so the file is read twice: a first pass checks its structure and counts
 * the rows (a bad file is refused before anything is written, and progress has a
 * denominator), the second validates each row and upserts batches, one transaction each.
 */
export const SNOMED_PARSE_LIMITS: ParseLimits = {
  maxRows: 5_000_000,
  maxColumns: 50,
  maxCellChars: 32_768,
  zip: { maxEntryBytes: 1536 * 1024 * 1024, maxTotalBytes: 2048 * 1024 * 1024, maxRatio: 250 },
};
const BATCH_ROWS = 5000;
/**
 * After an import that wrote this many rows the table is vacuumed and analysed before the job
 * completes: it merges the trigram index's pending entries (every search scans them), sets the
 * rows' visibility hints (otherwise the first searches write them) and gives the planner the
 * new row counts — what autovacuum does some minutes later, while curators search the new
 * release. ~3 s for 1.6M rows.
 */
const VACUUM_AFTER_ROWS = 50_000;
export const SNOMED_REPORT_HEADER = ['Row', ...SNOMED_RF2_COLUMNS, 'Error'];

async function scan(file: string, format: FileFormat, ctx: JobContext): Promise<number> {
  let header = false;
  let rows = 0;
  const onRead = (f: number) => ctx.progress(1 + 8 * f, `Checking the file: ${rows.toLocaleString('en')} rows`);
  for await (const batch of readRows(file, format, SNOMED_PARSE_LIMITS, onRead)) {
    for (const row of batch) {
      if (header) rows++;
      else mapSnomedHeader(row.cells);
      header = true;
    }
    ctx.throwIfAborted();
  }
  if (!header) throw badRequest(IMPORT_MESSAGES.empty, 'empty_file');
  if (rows === 0) throw badRequest(IMPORT_MESSAGES.headerOnly, 'no_data_rows');
  return rows;
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

export async function runSnomedImport(app: FastifyInstance, file: string, format: FileFormat, ctx: JobContext): Promise<JobOutcome & { summary: SnomedImportSummary }> {
  ctx.progress(1, 'Checking the file…', 'processing');
  const total = await scan(file, format, ctx);
  ctx.validated();

  const summary: SnomedImportSummary = { totalRows: total, created: 0, updated: 0, unchanged: 0, errors: 0 };
  const errorRows: string[][] = [];
  // Keyed by id: a file that repeats an id within one batch keeps its last row (one statement
  // cannot upsert the same row twice).
  let batch = new Map<string, SnomedRow>();
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
    batch = new Map();
    inflight = app.db.transaction((tx) => upsertBatch(tx, rows)).then((counts) => {
      summary.created += counts.created;
      summary.updated += counts.updated;
      ctx.progress(10 + (89 * upTo) / total, `Imported ${upTo.toLocaleString('en')} of ${total.toLocaleString('en')} rows`, 'inserting');
    });
    inflight.catch(() => undefined); // awaited by the next flush or settle
  };

  let columns: SnomedColumns | null = null;
  for await (const rows of readRows(file, format, SNOMED_PARSE_LIMITS)) for (const row of rows) {
    if (!columns) {
      columns = mapSnomedHeader(row.cells);
      continue;
    }
    seen++;
    const checked = checkSnomedRow(row.cells, columns);
    if ('row' in checked) {
      batch.set(checked.row.id, checked.row);
      if (batch.size >= (app.db.kind === 'pglite' ? EMBEDDED_BATCH_ROWS : BATCH_ROWS)) await flush();
    } else if (++summary.errors <= MAX_REPORT_ROWS) {
      errorRows.push([String(row.number), ...checked.values, checked.problems.join('; ')]);
    }
  }
  await flush();
  await settle();
  summary.unchanged = total - summary.errors - summary.created - summary.updated;
  if (summary.created + summary.updated >= VACUUM_AFTER_ROWS) {
    ctx.progress(99, 'Preparing the catalogue for search…');
    await app.db.exec('VACUUM (ANALYZE) snomed_concepts');
  }

  let errorReportKey: string | null = null;
  if (summary.errors > 0) {
    ctx.progress(99, 'Writing the error file…');
    errorReportKey = await app.blobs.put(errorReport(SNOMED_REPORT_HEADER, errorRows, summary.errors));
  }
  const message =
    `Imported ${total.toLocaleString('en')} rows: ${summary.created} created, ${summary.updated} updated, ` +
    `${summary.unchanged} unchanged, ${summary.errors} with errors`;
  return { message, summary, errorReportKey };
}
