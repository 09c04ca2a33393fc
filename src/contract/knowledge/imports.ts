import { z } from 'zod';
import { queryBool } from '../fields';

/**
 * Bulk node upload and SNOMED import (spec §2 Bulk Upload Nodes dialog and SNOMED CT
 * Management, §3 upload summary / response / progress events / SNOMED import result).
 */

/** Header aliases of the node upload (matched trimmed, case-insensitively, spaces read as '_'). */
export const NODE_UPLOAD_COLUMNS = {
  name: ['nodename', 'node_name', 'name'],
  nodeType: ['nodetype', 'node_type'],
  snomed: ['snomed', 'snomed_code', 'snomedcode'],
} as const;

/**
 * Rows without a nodetype get this type (created if missing). The spec makes the column
 * optional but every node needs a type, so the upload names one rather than refusing the row.
 */
export const DEFAULT_UPLOAD_NODE_TYPE = 'General';

/** The RF2 description file's columns, in file order: also the SNOMED template's header. */
export const SNOMED_RF2_COLUMNS = [
  'id',
  'effectiveTime',
  'active',
  'moduleId',
  'conceptId',
  'languageCode',
  'typeId',
  'term',
  'caseSignificanceId',
] as const;

export { IMPORT_RESULT_TEXTS, IMPORT_MESSAGES, SNOMED_IMPORT_EXTENSIONS, RELATION_UPLOAD_TEXTS, RELATION_UPLOAD_COLUMNS, RELATION_TEMPLATE_HEADER, RELATION_IMPORT_MESSAGES } from '../texts/imports';

/** Spec §3 Upload summary. */
export const UploadSummarySchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  errors: z.number().int(),
  /** The worksheet that was read (workbooks only: the first visible sheet with rows). */
  sheet: z.string().optional(),
  /** Node uploads: valid rows without a node type, given the default type "General" (present when any). */
  untyped: z.number().int().optional(),
});
export type UploadSummary = z.infer<typeof UploadSummarySchema>;

/**
 * `?dryRun=true` on the upload routes ("Check file"): the whole import runs —
 * every row checked, also against the database — and writes no data row; the summary says what
 * an import of the same file would create, skip and refuse, with the same error report.
 */
export const ImportQuerySchema = z.object({
  dryRun: queryBool.optional().describe('true: check the file only (nothing is written); the summary says what an import would do'),
});
export type ImportQuery = z.infer<typeof ImportQuerySchema>;

export const ImportStatusSchema = z.enum(['processing', 'inserting', 'completed', 'error']);

/** Rows written (or checked) so far of the rows to write: a progress message's numbers. */
export const ProgressRowsSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type ProgressRows = z.infer<typeof ProgressRowsSchema>;

/** What a node-style upload imports: nodes (spec §2) or relations. */
export const UploadKindSchema = z.enum(['nodes', 'relations']);
export type UploadKind = z.infer<typeof UploadKindSchema>;

/**
 * Spec §3 Upload response. The summary (and the error report link) are present when the
 * upload finished before the answer was sent; otherwise progress events carry them. The
 * relation import answers the same shape with `kind: 'relations'`.
 */
export const NodeUploadResponseSchema = z.object({
  success: z.boolean(),
  kind: UploadKindSchema.optional(),
  processId: z.string(),
  status: ImportStatusSchema,
  message: z.string(),
  summary: UploadSummarySchema.optional(),
  downloadUrl: z.string().optional(),
  /** Rows committed so far: what a stopped job kept. */
  rowsCommitted: z.number().int().optional(),
  /** While rows are written: how many of how many (the dialog says it in the active language). */
  progressRows: ProgressRowsSchema.optional(),
  /** A check of the file (`?dryRun=true`): the summary counts what an import would do; nothing was written. */
  dryRun: z.literal(true).optional(),
});
export type NodeUploadResponse = z.infer<typeof NodeUploadResponseSchema>;

/** Spec §3 SNOMED import result; `updated`/`unchanged` count rows that already existed. */
export const SnomedImportSummarySchema = z.object({
  totalRows: z.number().int(),
  created: z.number().int(),
  errors: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** The worksheet that was read (workbooks only: the first visible sheet with rows). */
  sheet: z.string().optional(),
});
export type SnomedImportSummary = z.infer<typeof SnomedImportSummarySchema>;

export const SnomedImportResultSchema = z.object({
  message: z.string(),
  processId: z.string(),
  summary: SnomedImportSummarySchema,
  errorFileUrl: z.string().optional(),
  /** A check of the file (`?dryRun=true`): the summary counts what an import would do; nothing was written. */
  dryRun: z.literal(true).optional(),
});
export type SnomedImportResult = z.infer<typeof SnomedImportResultSchema>;

/** `snomed-upload-progress` payload: the spec's fields plus the job id (several imports may run). */
export interface SnomedProgressEvent {
  processId: string;
  progress: number;
  message: string;
  status: z.infer<typeof ImportStatusSchema>;
  summary?: SnomedImportSummary;
  errorFileUrl?: string;
  /** Rows committed so far (the job's checkpoint). */
  rowsCommitted?: number;
  /** While rows are written: how many of how many. */
  progressRows?: ProgressRows;
  /** A check of the file: nothing is written. */
  dryRun?: true;
}

/** `job.join` payload: the processId (a string) or `{ processId }`. */
export type JobJoinPayload = string | { processId: string };
export interface JobJoinAck {
  ok: boolean;
  error?: string;
}

export type RelationUploadResponse = NodeUploadResponse;

export const NodeUploadErrorsParamsSchema = z.object({ id: z.uuid({ message: 'Invalid id' }) });
/** Error files are named after their job: the name is looked up, never used as a path. */
export const SNOMED_ERROR_FILE_PATTERN = /^snomed_import_errors_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.xlsx$/;
export const SnomedErrorFileParamsSchema = z.object({ filename: z.string().max(100).regex(SNOMED_ERROR_FILE_PATTERN, 'Unknown error file') });
