import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIMITS, type NodeUploadResponse, type UploadKind, type UploadSummary } from '../../../../contract';
import { detectFormat, type FileFormat } from '../../parsers';
import { nodeErrorReportUrl, relationErrorReportUrl, type JobState } from '../events';
import { getJob, stateOfRow } from '../repository';
import type { JobContext, JobOutcome } from '../runner';
import { receiveUpload } from './intake';

/**
 * A bulk upload taken in by a route: the file received and sniffed, its job created and started,
 * and the answer the upload routes share. The node upload and the relation import differ only in
 * their `UploadRoute` (the job's kind, its work, its texts).
 */
const ERROR_REPORT_URL: Record<UploadKind, (id: string) => string> = { nodes: nodeErrorReportUrl, relations: relationErrorReportUrl };

function answer(kind: UploadKind, id: string, state: JobState): NodeUploadResponse {
  return {
    success: state.status !== 'error',
    ...(kind === 'relations' ? { kind } : {}),
    processId: id,
    status: state.status,
    message: state.message,
    ...(state.status === 'completed' && state.summary ? { summary: state.summary as UploadSummary } : {}),
    ...(state.status === 'completed' && state.errorReportKey ? { downloadUrl: ERROR_REPORT_URL[kind](id) } : {}),
    ...(state.rowsCommitted !== undefined ? { rowsCommitted: state.rowsCommitted } : {}),
    ...(state.dryRun ? { dryRun: true as const } : {}),
  };
}

/** What differs between the node upload and the relation import: the job and its texts. */
export interface UploadRoute {
  kind: UploadKind;
  wrongType: string;
  tooLarge: string;
  run(app: FastifyInstance, file: string, format: FileFormat, userId: string, ctx: JobContext): Promise<JobOutcome>;
}

/**
 * POST /nodes/upload and POST /relations/upload: receives the file, creates the job, runs it, and
 * answers once the file is known to be readable — with the summary when the job finished soon.
 */
/** `dryRun`: only check the file ("Check file", ?dryRun=true): every batch is rolled back. */
export async function acceptUpload(app: FastifyInstance, req: FastifyRequest, route: UploadRoute, dryRun: boolean): Promise<NodeUploadResponse> {
  const userId = req.auth!.user.id;
  const upload = await receiveUpload(req, {
    maxBytes: LIMITS.bulkUploadMaxBytes,
    extensions: LIMITS.bulkUploadExtensions,
    wrongType: route.wrongType,
    tooLarge: route.tooLarge,
  });
  const format = await detectFormat(upload.path, upload.filename, upload.extension).catch(async (err) => {
    await upload.remove();
    throw err;
  });
  // Stores the upload for other instances (the database on PostgreSQL) and creates the job.
  const job = await app.jobs.create(route.kind, upload.filename, userId, { path: upload.path, format }, { dryRun }).catch(async (err: unknown) => {
    await upload.remove();
    throw err;
  });
  // The runner removes the file once the job is finished; an interrupted job keeps it to resume.
  const running = app.jobs.run(job, (ctx) => route.run(app, upload.path, format, userId, ctx), upload.remove);
  // This request now waits for its own job (up to uploadAnswerWaitMs): counted as in flight, it made
  // each of the job's first batches wait BATCH_YIELD_MAX_MS for it (~1 s of a 100k-row upload).
  app.requestActivity.release(req);
  // A file that cannot be read is refused here (400/413/415) and nothing was written.
  await running.validated;
  // Small files finish at once: answer with the summary (spec §4: completed straight from the response).
  const waited = new AbortController();
  await Promise.race([
    running.done.catch(() => undefined),
    sleep(app.config.uploadAnswerWaitMs, undefined, { signal: waited.signal, ref: false }).catch(() => undefined),
  ]);
  waited.abort(); // no timer outlives the request
  const live = app.jobs.current(job.id);
  const row = live ? null : await getJob(app.db, job.id);
  return answer(route.kind, job.id, live ? live.state : stateOfRow(row!));
}

