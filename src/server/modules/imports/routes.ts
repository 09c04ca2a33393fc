import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IMPORT_MESSAGES,
  ImportQuerySchema,
  LIMITS,
  NodeUploadErrorsParamsSchema,
  NodeUploadResponseSchema,
  type NodeUploadResponse,
  type UploadKind,
  type UploadSummary,
} from '../../../contract';
import { nodeErrorReportUrl, relationErrorReportUrl, type JobState } from '../../platform/jobs/events';
import { receiveUpload } from '../../platform/jobs/uploads/intake';
import { runNodeImport } from '../../jobs/node-import';
import { detectFormat, type FileFormat } from '../../platform/parsers';
import { loadErrorReport } from '../../platform/jobs/error-reports';
import { getJob, stateOfRow } from '../../platform/jobs/repository';
import { sendXlsx, textWorkbook, timestamped } from '../../platform/files/xlsx';
import type { JobContext, JobOutcome } from '../../platform/jobs/runner';

const tags = ['imports'];

/** The template (spec §7 GET /nodes/template): the columns and an example row. */
const TEMPLATE = textWorkbook(
  'Nodes',
  [
    ['nodename', 'nodetype', 'SNOMED'],
    ['Asthma', 'Disease', '195967001'],
    ['Wheezing', 'Symptom', '56018004'],
  ],
  [30, 20, 20],
);

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

const NODE_UPLOAD: UploadRoute = { kind: 'nodes', wrongType: IMPORT_MESSAGES.nodeFileType, tooLarge: IMPORT_MESSAGES.nodeTooLarge, run: runNodeImport };

/** Bulk node upload (spec §2 Bulk Upload Nodes dialog, §7). */
export async function nodeImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/nodes/template', { schema: { tags, summary: 'The bulk upload template (.xlsx)' } }, async (_req, reply) =>
    sendXlsx(reply, timestamped('nodes_template'), TEMPLATE),
  );

  r.post(
    '/nodes/upload',
    {
      schema: {
        tags,
        summary:
          'Upload nodes from .xlsx, .xls or .csv (multipart field "file", at most 20 MB); progress on upload-progress-{processId}. ' +
          'With ?dryRun=true the file is only checked: nothing is written and the summary counts what an upload would create, skip and refuse',
        consumes: ['multipart/form-data'],
        querystring: ImportQuerySchema,
        response: { 200: NodeUploadResponseSchema },
      },
    },
    (req) => acceptUpload(app, req, NODE_UPLOAD, req.query.dryRun ?? false),
  );

  r.get(
    '/nodes/download-errors/:id',
    { schema: { tags, summary: "An upload's error report, upload_errors.xlsx (its uploader or an admin)", params: NodeUploadErrorsParamsSchema } },
    async (req, reply) => {
      const data = await loadErrorReport(app, req.params.id, 'nodes', req.auth!);
      return sendXlsx(reply, 'upload_errors.xlsx', data);
    },
  );
}
