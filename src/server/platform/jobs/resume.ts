import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_MESSAGES } from '../../../contract';
import { said } from '../../../contract/texts';
import { isConnectionError } from '../../db/connection/connection-errors';
import type { FileFormat } from '../parsers';
import type { JobKindHandler } from './kinds';
import { claimJob, orphanedJobs, saveJobState, type JobRow } from './repository';
import type { JobOutcome, JobRunner } from './runner';
import { uploadDir } from './uploads/upload-dir';

/**
 * Jobs whose run is gone — interrupted by a stop or a database that stayed away, or without a
 * heartbeat because their server died — are resumed from their checkpoint when their upload
 * can be had here, and otherwise end in `error` saying how many rows were kept.
 *
 * Where it runs: at start (on PGlite every unfinished job is orphaned: the data dir is locked
 * to this process) and in the PostgreSQL sweep of every instance. On PostgreSQL the upload is
 * stored in the database (upload-store.ts), so whichever instance claims the job first
 * (`claimJob`: FOR UPDATE SKIP LOCKED) writes it out into its own upload folder and resumes;
 * the file the dead instance received is used instead when it is on this host.
 */

/** A file that fails its import every time must not be resumed forever. */
const MAX_RESUMES = 3;

const FORMATS: readonly FileFormat[] = ['xlsx', 'xls', 'csv', 'rf2', 'rf2zip'];

interface LocalUpload {
  path: string;
  format: FileFormat;
  /** Removes what this process made for the run (the copy written out of the store). */
  removeLocal(): Promise<void>;
}

async function isLocalFile(file: string | null): Promise<boolean> {
  if (!file) return false;
  const stat = await fs.promises.stat(file).catch(() => null);
  return stat?.isFile() ?? false;
}

/** Whether a resume could get the job's upload here, before claiming it. */
async function uploadReachable(app: FastifyInstance, row: JobRow): Promise<boolean> {
  if (!FORMATS.includes(row.upload_format as FileFormat)) return false;
  return (row.upload_id !== null && app.uploads.shared) || (await isLocalFile(row.upload_path));
}

/** The claimed job's upload as a file on this host: the received one, or a copy from the store. */
async function localUpload(app: FastifyInstance, row: JobRow): Promise<LocalUpload | null> {
  const format = row.upload_format as FileFormat;
  if (!FORMATS.includes(format)) return null;
  if (await isLocalFile(row.upload_path)) {
    const received = row.upload_path!;
    return { path: received, format, removeLocal: () => fs.promises.rm(received, { force: true }) };
  }
  if (!row.upload_id || !app.uploads.shared) return null;
  const copy = path.join(await uploadDir(), `${randomUUID()}.${format}`);
  const written = await app.uploads.writeTo(row.upload_id, copy).catch((err: unknown) => {
    // A lost connection is worth another try: the claimed job's heartbeat goes stale and a
    // later sweep claims it again (at most MAX_RESUMES times). A damaged copy is not.
    if (isConnectionError(err)) throw err;
    app.log.warn({ err, job: row.id }, 'could not read the stored upload');
    return false;
  });
  return written ? { path: copy, format, removeLocal: () => fs.promises.rm(copy, { force: true }) } : null;
}

function resume(app: FastifyInstance, runner: JobRunner, handler: JobKindHandler, row: JobRow, file: LocalUpload): void {
  const running = runner.run<JobOutcome>(
    { ...row, ...(row.dry_run ? said(IMPORT_MESSAGES.checkResuming) : said(IMPORT_MESSAGES.resuming, row.rows_committed)) },
    (ctx) => handler.run(app, file.path, file.format, row.created_by, ctx),
    file.removeLocal,
  );
  void running.done.then(
    () => app.log.info({ job: row.id }, 'interrupted import resumed and completed'),
    (err) => app.log.warn({ err, job: row.id }, 'resumed import did not complete'),
  );
}

/** Answers how many orphaned jobs were resumed and how many given up. */
/** `kinds`: how each kind of job runs (the modules' handlers); a kind without one is given up. */
export async function recoverJobs(
  app: FastifyInstance,
  runner: JobRunner,
  kinds: ReadonlyMap<JobRow['kind'], JobKindHandler>,
  staleSeconds: number,
): Promise<{ resumed: number; failed: number }> {
  const counts = { resumed: 0, failed: 0 };
  for (const row of await orphanedJobs(app.db, staleSeconds)) {
    if (runner.stopping || app.draining) break; // draining: what is left is for the other instances
    if (runner.current(row.id)) continue; // running here (its heartbeat may just be late)
    // Interrupted on purpose but its upload is not reachable here: its own server may be back
    // soon to resume it (the upload on its host); once its heartbeat is stale it is given up.
    if (!row.stale && !(await uploadReachable(app, row))) continue;
    const claimed = await claimJob(app.db, row.id, staleSeconds);
    if (!claimed) continue; // another instance took it
    const handler = kinds.get(claimed.kind);
    const runnable = handler !== undefined && (!handler.runsAsUser || claimed.created_by !== null);
    const file = claimed.resumes <= MAX_RESUMES && runnable ? await localUpload(app, claimed) : null;
    if (file) {
      resume(app, runner, handler!, claimed, file);
      counts.resumed++;
      continue;
    }
    const message = claimed.dry_run ? IMPORT_MESSAGES.checkStopped : IMPORT_MESSAGES.stopped(claimed.rows_committed, claimed.rows_total);
    await saveJobState(app.db, claimed.id, claimed.run_token, { status: 'error', progress: claimed.progress, message });
    if (await isLocalFile(claimed.upload_path)) await fs.promises.rm(claimed.upload_path!, { force: true });
    await app.uploads.remove(claimed.upload_id);
    counts.failed++;
  }
  return counts;
}
