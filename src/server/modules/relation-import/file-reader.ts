import {
  LIMITS,
  RELATION_IMPORT_MESSAGES as M,
  RELATION_MESSAGES,
  RELATION_TEMPLATE_HEADER,
  RELATION_UPLOAD_COLUMNS,
  IMPORT_MESSAGES,
  isHttpUrl,
  EVIDENCE_MESSAGES,
  EvidenceListSchema,
  type Evidence,
} from '../../../contract';
import { badRequest } from '../../plugins/errors';
import { UPLOAD_PARSE_LIMITS } from '../../platform/parsers/limits';
import { readRows, type FileFormat, type ReadProgress } from '../../platform/parsers';
import { cellText, textColumn } from '../../platform/parsers/cell-text';
import type { Cell } from '../../platform/parsers/types';
import { MAX_REPORT_ROWS } from '../../platform/files/xlsx';
import type { JobContext } from '../../platform/jobs/runner';

/**
 * Step 1 of the bulk relation import (relation-import.ts): the file read whole, its header mapped
 * to the template's columns (a structural problem refuses the file before anything is written),
 * and each row checked on its own (required cells, weight, lengths, URL).
 */

/** The error report: the file's row number, the template's columns as read, the reasons. */
export const RELATION_REPORT_HEADER = ['Row', ...RELATION_TEMPLATE_HEADER, 'Error'];

type Column = keyof typeof RELATION_UPLOAD_COLUMNS;
type Columns = Record<Column, number>;
const REQUIRED: [Column, string][] = [
  ['source', 'Source'],
  ['target', 'Target'],
  ['relationType', 'Relation type'],
];

/** Header cell → canonical name: trimmed, lower-case, inner spaces read as '_' ("Source Name" = source_name). */
const canonical = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, '_');

/** Maps the header row; answers the missing required columns' names instead when there are any. */
export function mapRelationHeader(cells: Cell[]): Columns | string[] {
  const names = cells.map((c) => canonical(cellText(c)));
  const columns = Object.fromEntries(
    (Object.keys(RELATION_UPLOAD_COLUMNS) as Column[]).map((key) => [key, names.findIndex((n) => (RELATION_UPLOAD_COLUMNS[key] as readonly string[]).includes(n))]),
  ) as Columns;
  const missing = REQUIRED.filter(([key]) => columns[key] < 0).map(([, label]) => label);
  return missing.length > 0 ? missing : columns;
}

/** One row as read (trimmed texts), with its place in the file. */
export interface RelationRow {
  row: number;
  source: string;
  sourceType: string;
  target: string;
  targetType: string;
  relationType: string;
  /** The weight cell's text ('' when blank). */
  weight: string;
  relationName: string;
  description: string;
  url: string;
  /** The evidence cells as read: sources, quotes and grades, each separated by '|'. */
  evidenceSource: string;
  evidenceQuote: string;
  evidenceGrade: string;
}

export const cellsOf = (r: RelationRow) => [r.source, r.sourceType, r.target, r.targetType, r.relationType, r.weight, r.relationName, r.description, r.url, r.evidenceSource, r.evidenceQuote, r.evidenceGrade];

/** Several values in one cell: separated by '|', each trimmed ('' when blank). */
const parts = (cell: string) => (cell === '' ? [] : cell.split('|').map((p) => p.trim()));

/**
 * A row's evidence (docs/architecture/imports.md): source i goes with quote i and grade i; one
 * grade alone applies to every source. Checked by the relation API's own schema, so a cell is
 * refused for the same reasons as a form's row. Answers the list, or the reasons it is refused.
 */
export function parseEvidence(r: Pick<RelationRow, 'evidenceSource' | 'evidenceQuote' | 'evidenceGrade'>): Evidence[] | string[] {
  const sources = parts(r.evidenceSource);
  const quotes = parts(r.evidenceQuote);
  const grades = parts(r.evidenceGrade).map((g) => g.toLowerCase().replace(/[\s_]+/g, ' '));
  if (sources.length === 0 && quotes.every((q) => !q) && grades.every((g) => !g)) return [];
  if (quotes.length > sources.length || (grades.length > 1 && grades.length > sources.length)) return [M.evidenceUnpaired];
  const items = sources.map((source, i) => ({ source, quote: quotes[i] || undefined, grade: (grades.length === 1 ? grades[0] : grades[i]) || undefined }));
  const parsed = EvidenceListSchema.safeParse(items);
  if (parsed.success) return parsed.data.map((e) => ({ source: e.source, ...(e.quote ? { quote: e.quote } : {}), ...(e.grade ? { grade: e.grade } : {}) }));
  return [...new Set(parsed.error.issues.map((i) => i.message || EVIDENCE_MESSAGES.sourceRequired))];
}

/** A weight cell: blank, or a whole number 1–100 (a number cell or its text). */
export function parseWeight(text: string): number | null | 'invalid' {
  if (text === '') return null;
  if (!/^\d{1,3}$/.test(text)) return 'invalid';
  const w = Number(text);
  return w >= LIMITS.relationWeight.min && w <= LIMITS.relationWeight.max ? w : 'invalid';
}

/**
 * A column's trimmed text (column -1: not in the file); an error cell's problem goes to `problems`.
 * Rows are read with module-level helpers and no intermediate objects: this runs in the server's
 * thread for every row, and tsx names each closure made per row with a defineProperty call.
 */
function columnText(cells: Cell[], column: number, label: string, problems: string[]): string {
  const value = textColumn(column >= 0 ? cells[column] : undefined, label);
  if (value.problem) problems.push(value.problem);
  return value.text;
}

function tooLong(problems: string[], label: string, v: string, max: number = LIMITS.nameMaxLength): void {
  if (v.length > max) problems.push(`${label} must be ${max} characters or less`);
}

/** The reasons a row is refused on its own (empty when it may go on to resolution). */
export function relationRowProblems(r: RelationRow): string[] {
  const problems: string[] = [];
  if (!r.source) problems.push(M.sourceRequired);
  tooLong(problems, 'Source', r.source);
  tooLong(problems, 'Source type', r.sourceType);
  if (!r.target) problems.push(M.targetRequired);
  tooLong(problems, 'Target', r.target);
  tooLong(problems, 'Target type', r.targetType);
  if (!r.relationType) problems.push(M.typeRequired);
  tooLong(problems, 'Relation type', r.relationType);
  if (parseWeight(r.weight) === 'invalid') problems.push(M.weightRange);
  if (r.relationName.length > LIMITS.nameMaxLength) problems.push(RELATION_MESSAGES.nameTooLong);
  if (r.description.length > LIMITS.relationDescriptionMax) problems.push(RELATION_MESSAGES.descriptionTooLong);
  if (r.url && (r.url.length > 2048 || !isHttpUrl(r.url))) problems.push(RELATION_MESSAGES.invalidUrl);
  if (r.evidenceSource || r.evidenceQuote || r.evidenceGrade) {
    const evidence = parseEvidence(r);
    if (evidence.length > 0 && typeof evidence[0] === 'string') problems.push(...(evidence as string[]));
  }
  return problems;
}

/** A refused row of the error report: its row number first, for merging in file order. */
export type ErrorRow = { row: number; cells: string[] };

interface RelationFile {
  total: number;
  rows: RelationRow[];
  errors: ErrorRow[];
  errorCount: number;
  sheet?: string;
}

/** `onRow`: each row that passed its own checks, as soon as it is read (the resolution starts on them). */
export async function readRelationFile(file: string, format: FileFormat, ctx: JobContext, onRead: ReadProgress, onRow?: (row: RelationRow) => void): Promise<RelationFile> {
  const out: RelationFile = { total: 0, rows: [], errors: [], errorCount: 0 };
  let columns: Columns | null = null;
  for await (const batch of readRows(file, format, UPLOAD_PARSE_LIMITS, onRead)) for (const row of batch) {
    if (!columns) {
      out.sheet = row.sheet;
      const mapped = mapRelationHeader(row.cells);
      if (Array.isArray(mapped)) throw badRequest(M.noColumns(mapped), 'missing_required_columns');
      columns = mapped;
      continue;
    }
    const cellProblems: string[] = [];
    const r: RelationRow = {
      row: row.number,
      source: columnText(row.cells, columns.source, 'Source', cellProblems),
      sourceType: columnText(row.cells, columns.sourceType, 'Source type', cellProblems),
      target: columnText(row.cells, columns.target, 'Target', cellProblems),
      targetType: columnText(row.cells, columns.targetType, 'Target type', cellProblems),
      relationType: columnText(row.cells, columns.relationType, 'Relation type', cellProblems),
      weight: columnText(row.cells, columns.weight, 'Weight', cellProblems),
      relationName: columnText(row.cells, columns.relationName, 'Relation name', cellProblems),
      description: columnText(row.cells, columns.description, 'Description', cellProblems),
      url: columnText(row.cells, columns.url, 'URL', cellProblems),
      evidenceSource: columnText(row.cells, columns.evidenceSource, 'Evidence source', cellProblems),
      evidenceQuote: columnText(row.cells, columns.evidenceQuote, 'Evidence quote', cellProblems),
      evidenceGrade: columnText(row.cells, columns.evidenceGrade, 'Evidence grade', cellProblems),
    };
    out.total++;
    const problems = cellProblems.length > 0 ? cellProblems : relationRowProblems(r);
    if (problems.length > 0) {
      if (++out.errorCount <= MAX_REPORT_ROWS) out.errors.push({ row: r.row, cells: [...cellsOf(r), problems.join('; ')] });
    } else {
      out.rows.push(r);
      onRow?.(r);
    }
    if (out.total % 2000 === 0) ctx.throwIfAborted();
  }
  if (!columns) throw badRequest(IMPORT_MESSAGES.empty, 'empty_file');
  if (out.total === 0) throw badRequest(IMPORT_MESSAGES.headerOnly, 'no_data_rows');
  return out;
}

