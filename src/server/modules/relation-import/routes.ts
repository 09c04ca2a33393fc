import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ImportQuerySchema,
  NodeUploadErrorsParamsSchema,
  NodeUploadResponseSchema,
  RELATION_IMPORT_MESSAGES,
  RELATION_TEMPLATE_HEADER,
  RELATION_UPLOAD_COLUMNS,
  RELATION_UPLOAD_TEXTS,
} from '../../../contract';
import { loadErrorReport } from '../../platform/jobs/error-reports';
import { runRelationImport } from './importer';
import { sendXlsx, textWorkbookOf, timestamped } from '../../platform/files/xlsx';
import { acceptUpload, type UploadRoute } from '../../platform/jobs/uploads/accept';

const tags = ['imports'];

/** What each template column is, and the header spellings the import accepts for it. */
const COLUMN_NOTES: [string, keyof typeof RELATION_UPLOAD_COLUMNS, string][] = [
  ['Source', 'source', 'Required. The source node\'s name (any case).'],
  ['Source type', 'sourceType', 'Optional. The source node\'s type, needed when nodes of several types share the name.'],
  ['Target', 'target', 'Required. The target node\'s name (any case).'],
  ['Target type', 'targetType', 'Optional. The target node\'s type, needed when nodes of several types share the name.'],
  ['Relation type', 'relationType', 'Required. An existing relation type.'],
  ['Weight', 'weight', 'Optional. A whole number from 1 to 100; blank takes the relation type\'s default (else 50).'],
  ['Relation name', 'relationName', 'Optional. Blank takes the relation type\'s name.'],
  ['Description', 'description', 'Optional. At most 500 characters.'],
  ['URL', 'url', 'Optional. An http(s) link.'],
  ['Evidence source', 'evidenceSource', 'Optional. Why the relation is believed: PMID:<digits>, DOI:10.<registrant>/<suffix>, an http(s) address or a citation; several separated by "|".'],
  ['Evidence quote', 'evidenceQuote', 'Optional. A quote per source, separated by "|" in the order of the sources (at most 1000 characters each).'],
  ['Evidence grade', 'evidenceGrade', 'Optional. high, moderate, low or very low: one per source separated by "|", or one for all.'],
];

/**
 * The template: the header row and two example rows from the sample graph on
 * the first sheet (the one an import reads), and the accepted headers on a second sheet.
 */
const TEMPLATE = textWorkbookOf([
  {
    name: 'Relations',
    rows: [
      [...RELATION_TEMPLATE_HEADER],
      ['Acetylsalicylic acid', 'Drug', 'coronary artery disease', 'Disease', 'treats (disease-modifying)', '50', 'treats', 'Secondary prevention', 'https://go.drugbank.com/drugs/DB00945', 'PMID:8960584 | DOI:10.1056/NEJMoa0804895', '', 'high | moderate'],
      ['Abdomen, Acute', 'Symptom', 'kidney cancer', 'Disease', 'symptom of', '', '', '', '', '', '', ''],
    ],
    widths: [26, 14, 26, 14, 26, 8, 20, 30, 30, 40, 30, 16],
  },
  {
    name: 'Columns',
    rows: [
      ['Column', 'Accepted headers (any case; spaces or underscores)', 'What it holds'],
      ...COLUMN_NOTES.map(([label, key, what]) => [label, RELATION_UPLOAD_COLUMNS[key].join(', '), what]),
      ['', '', 'Rows with the same source, target and relation type as an existing relation or an earlier row are skipped.'],
    ],
    widths: [16, 50, 90],
  },
]);

const RELATION_UPLOAD: UploadRoute = {
  kind: 'relations',
  wrongType: RELATION_IMPORT_MESSAGES.fileType,
  tooLarge: RELATION_IMPORT_MESSAGES.tooLarge,
  run: (app, file, format, userId, ctx) => runRelationImport(app, file, format, userId, ctx),
};

/** Bulk relation import: the node upload's routes, for relations. */
export async function relationImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/relations/template', { schema: { tags, summary: 'The relation import template (.xlsx)' } }, async (_req, reply) =>
    sendXlsx(reply, timestamped('relations_template'), TEMPLATE),
  );

  r.post(
    '/relations/upload',
    {
      schema: {
        tags,
        summary: 'Import relations from .xlsx, .xls or .csv (multipart field "file", at most 20 MB); progress on upload-progress-{processId}',
        consumes: ['multipart/form-data'],
        querystring: ImportQuerySchema,
        response: { 200: NodeUploadResponseSchema },
      },
    },
    (req) => acceptUpload(app, req, RELATION_UPLOAD, req.query.dryRun ?? false),
  );

  r.get(
    '/relations/download-errors/:id',
    { schema: { tags, summary: "A relation import's error report (its uploader or an admin)", params: NodeUploadErrorsParamsSchema } },
    async (req, reply) => {
      const data = await loadErrorReport(app, req.params.id, 'relations', req.auth!);
      return sendXlsx(reply, RELATION_UPLOAD_TEXTS.errorReportName, data);
    },
  );
}
