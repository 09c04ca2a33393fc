import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMPORT_MESSAGES, ImportQuerySchema, NodeUploadErrorsParamsSchema, NodeUploadResponseSchema } from '../../../contract';
import { sendXlsx, textWorkbook, timestamped } from '../../platform/files/xlsx';
import { loadErrorReport } from '../../platform/jobs/error-reports';
import { acceptUpload, type UploadRoute } from '../../platform/jobs/uploads/accept';
import { runNodeImport } from './importer';

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
