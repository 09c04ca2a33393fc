import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IMPORT_MESSAGES,
  LIMITS,
  NodeUploadErrorsParamsSchema,
  NodeUploadResponseSchema,
  type NodeUploadResponse,
  type UploadSummary,
} from '../../../contract';
import { nodeErrorReportUrl, type JobState } from '../../jobs/events';
import { receiveUpload } from '../../jobs/intake';
import { runNodeImport } from '../../jobs/node-import';
import { detectFormat } from '../../jobs/parsers';
import { loadErrorReport } from '../../jobs/error-reports';
import { getJob, stateOfRow } from '../../jobs/repository';
import { sendXlsx, textWorkbook, timestamped } from '../../jobs/report';

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

function answer(id: string, state: JobState): NodeUploadResponse {
  return {
    success: state.status !== 'error',
    processId: id,
    status: state.status,
    message: state.message,
    ...(state.status === 'completed' && state.summary ? { summary: state.summary as UploadSummary } : {}),
    ...(state.status === 'completed' && state.errorReportKey ? { downloadUrl: nodeErrorReportUrl(id) } : {}),
    ...(state.rowsCommitted !== undefined ? { rowsCommitted: state.rowsCommitted } : {}),
  };
}

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
        summary: 'Upload nodes from .xlsx, .xls or .csv (multipart field "file", at most 20 MB); progress on upload-progress-{processId}',
        consumes: ['multipart/form-data'],
        response: { 200: NodeUploadResponseSchema },
      },
    },
    async (req) => {
      const userId = req.auth!.user.id;
      const upload = await receiveUpload(req, {
        maxBytes: LIMITS.bulkUploadMaxBytes,
        extensions: LIMITS.bulkUploadExtensions,
        wrongType: IMPORT_MESSAGES.nodeFileType,
        tooLarge: IMPORT_MESSAGES.nodeTooLarge,
      });
      const format = await detectFormat(upload.path, upload.filename, upload.extension).catch(async (err) => {
        await upload.remove();
        throw err;
      });
      // Stores the upload for other instances (the database on PostgreSQL) and creates the job.
      const job = await app.jobs.create('nodes', upload.filename, userId, { path: upload.path, format }).catch(async (err: unknown) => {
        await upload.remove();
        throw err;
      });
      // The runner removes the file once the job is finished; an interrupted job keeps it to resume.
      const running = app.jobs.run(job, (ctx) => runNodeImport(app, upload.path, format, userId, ctx), upload.remove);
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
      return answer(job.id, live ? live.state : stateOfRow(row!));
    },
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
