import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_MESSAGES,
  ImportQuerySchema,
  SNOMED_ERROR_FILE_PATTERN,
  SNOMED_IMPORT_EXTENSIONS,
  SNOMED_RF2_COLUMNS,
  SnomedErrorFileParamsSchema,
  SnomedImportResultSchema,
} from '../../../contract';
import { loadErrorReport } from '../../platform/jobs/error-reports';
import { snomedErrorFileUrl } from '../../platform/jobs/events';
import { receiveUpload } from '../../platform/jobs/uploads/intake';
import { detectFormat } from '../../platform/parsers';
import { sendXlsx, textWorkbook, timestamped } from '../../platform/files/xlsx';
import { runSnomedImport } from './importer';

const tags = ['snomed'];

/** The template: the RF2 columns (ids as text, so Excel keeps all 18 digits) and one example row. */
const TEMPLATE = textWorkbook(
  'SNOMED',
  [
    [...SNOMED_RF2_COLUMNS],
    ['1479003014', '20200731', '1', '900000000000207008', '195967001', 'en', '900000000000013009', 'Asthma', '900000000000448009'],
  ],
  [20, 14, 8, 22, 20, 14, 22, 40, 22],
);

/**
 * SNOMED import (spec §2 SNOMED CT Management, §4, §7). The answer waits for the import to
 * finish and is the import result; meanwhile snomed-upload-progress events report 0-100.
 */
export async function snomedImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxMb = Math.round(app.config.snomedImportMaxBytes / (1024 * 1024));

  r.get('/snomed/template', { schema: { tags, summary: 'The SNOMED import template (.xlsx)' } }, async (_req, reply) =>
    sendXlsx(reply, timestamped('snomed_template'), TEMPLATE),
  );

  r.post(
    '/snomed/import',
    {
      schema: {
        tags,
        summary:
          'Import SNOMED descriptions from .xlsx, .xls or an RF2 description file, or the concept model from RF2 concept, relationship, language or association snapshot files or a release .zip (upsert by id). ' +
          'With ?dryRun=true the file is only checked: nothing is written and the summary counts what an import would create, update and refuse',
        consumes: ['multipart/form-data'],
        querystring: ImportQuerySchema,
        response: { 200: SnomedImportResultSchema },
      },
    },
    async (req) => {
      const upload = await receiveUpload(req, {
        maxBytes: app.config.snomedImportMaxBytes,
        extensions: SNOMED_IMPORT_EXTENSIONS,
        wrongType: IMPORT_MESSAGES.snomedFileType,
        tooLarge: IMPORT_MESSAGES.snomedTooLarge(maxMb),
      });
      const format = await detectFormat(upload.path, upload.filename, upload.extension).catch(async (err) => {
        await upload.remove();
        throw err;
      });
      // Stores the upload for other instances (the database on PostgreSQL) and creates the job.
      const dryRun = req.query.dryRun ?? false;
      const job = await app.jobs.create('snomed', upload.filename, req.auth!.user.id, { path: upload.path, format }, { dryRun }).catch(async (err: unknown) => {
        await upload.remove();
        throw err;
      });
      // The runner removes the file once the job is finished; an interrupted job keeps it to resume.
      const running = app.jobs.run(job, (ctx) => runSnomedImport(app, upload.path, format, ctx), upload.remove);
      // This request waits for the whole import: it must not count as one the batches yield to.
      app.requestActivity.release(req);
      const outcome = await running.done;
      return {
        message: outcome.message,
        processId: job.id,
        summary: outcome.summary,
        ...(outcome.errorReportKey ? { errorFileUrl: snomedErrorFileUrl(job.id) } : {}),
        ...(dryRun ? { dryRun: true as const } : {}),
      };
    },
  );

  r.get(
    '/snomed/download-errors/:filename',
    { schema: { tags, summary: "An import's error file (its uploader or an admin)", params: SnomedErrorFileParamsSchema } },
    async (req, reply) => {
      const jobId = SNOMED_ERROR_FILE_PATTERN.exec(req.params.filename)![1];
      const data = await loadErrorReport(app, jobId, 'snomed', req.auth!);
      return sendXlsx(reply, req.params.filename, data);
    },
  );
}
