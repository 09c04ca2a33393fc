import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { IMPORT_MESSAGES } from '../../contract';
import { runNodeImport } from './node-import';
import type { FileFormat } from './parsers';
import { claimJob, orphanedJobs, saveJobState, type JobRow } from './repository';
import type { JobOutcome, JobRunner } from './runner';
import { runSnomedImport } from './snomed-import';

/**
 * Jobs whose run is gone — interrupted by a stop or a database that stayed away, or without a
 * heartbeat because their server died — are resumed from their checkpoint when their uploaded
 * file is on this host, and otherwise end in `error` saying how many rows were kept.
 *
 * Where it runs: at start (on PGlite every unfinished job is orphaned: the data dir is locked
 * to this process) and in the PostgreSQL sweep. The upload lives in the host's temp dir, so on
 * PostgreSQL only an instance on the same host can resume; a job interrupted on another host is
 * left to its own server until its heartbeat is stale, then given up. Storing uploads in the
 * database (issue 15) plugs in at `fileOf`: any instance can then resume any job.
 */

/** A file that fails its import every time must not be resumed forever. */
const MAX_RESUMES = 3;

const FORMATS: readonly FileFormat[] = ['xlsx', 'xls', 'csv', 'rf2'];

async function fileOf(row: JobRow): Promise<{ path: string; format: FileFormat } | null> {
  if (!row.upload_path || !FORMATS.includes(row.upload_format as FileFormat)) return null;
  const stat = await fs.promises.stat(row.upload_path).catch(() => null);
  return stat?.isFile() ? { path: row.upload_path, format: row.upload_format as FileFormat } : null;
}

function resume(app: FastifyInstance, runner: JobRunner, row: JobRow, file: { path: string; format: FileFormat }): void {
  const remove = () => fs.promises.rm(file.path, { force: true });
  const kept = row.rows_committed.toLocaleString('en');
  const running = runner.run<JobOutcome>(
    { ...row, message: `Resuming the import after ${kept} rows…` },
    (ctx) => (row.kind === 'nodes' ? runNodeImport(app, file.path, file.format, row.created_by!, ctx) : runSnomedImport(app, file.path, file.format, ctx)),
    remove,
  );
  void running.done.then(
    () => app.log.info({ job: row.id }, 'interrupted import resumed and completed'),
    (err) => app.log.warn({ err, job: row.id }, 'resumed import did not complete'),
  );
}

/** Answers how many orphaned jobs were resumed and how many given up. */
export async function recoverJobs(app: FastifyInstance, runner: JobRunner, staleSeconds: number): Promise<{ resumed: number; failed: number }> {
  const counts = { resumed: 0, failed: 0 };
  for (const row of await orphanedJobs(app.db, staleSeconds)) {
    if (runner.current(row.id)) continue; // running here (its heartbeat may just be late)
    const file = await fileOf(row);
    // Interrupted on purpose but not here: its own server may be back soon to resume it.
    if (!file && !row.stale) continue;
    const claimed = await claimJob(app.db, row.id, staleSeconds);
    if (!claimed) continue; // another instance took it
    const resumable = file && claimed.resumes <= MAX_RESUMES && (claimed.kind === 'snomed' || claimed.created_by);
    if (resumable) {
      resume(app, runner, claimed, file);
      counts.resumed++;
      continue;
    }
    const message = IMPORT_MESSAGES.stopped(claimed.rows_committed, claimed.rows_total);
    await saveJobState(app.db, claimed.id, claimed.run_token, { status: 'error', progress: claimed.progress, message });
    if (file) await fs.promises.rm(file.path, { force: true });
    counts.failed++;
  }
  return counts;
}
