import {
  LIMITS,
  RELATION_IMPORT_MESSAGES as M,
  RELATION_MESSAGES,
  RELATION_TEMPLATE_HEADER,
  RELATION_UPLOAD_COLUMNS,
  IMPORT_MESSAGES,
  isHttpUrl,
} from '../../contract';
import { badRequest } from '../plugins/errors';
import { NODE_PARSE_LIMITS } from './node-import';
import { readRows, type FileFormat, type ReadProgress } from './parsers';
import { cellText, textColumn } from './parsers/cell-text';
import type { Cell } from './parsers/types';
import { MAX_REPORT_ROWS } from './report';
import type { JobContext } from './runner';

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
}

export const cellsOf = (r: RelationRow) => [r.source, r.sourceType, r.target, r.targetType, r.relationType, r.weight, r.relationName, r.description, r.url];

/** A weight cell: blank, or a whole number 1–100 (a number cell or its text). */
export function parseWeight(text: string): number | null | 'invalid' {
  if (text === '') return null;
  if (!/^\d{1,3}$/.test(text)) return 'invalid';
  const w = Number(text);
  return w >= LIMITS.relationWeight.min && w <= LIMITS.relationWeight.max ? w : 'invalid';
}

/** The reasons a row is refused on its own (empty when it may go on to resolution). */
export function relationRowProblems(r: RelationRow): string[] {
  const problems: string[] = [];
  const tooLong = (label: string, v: string, max = LIMITS.nameMaxLength) => {
    if (v.length > max) problems.push(`${label} must be ${max} characters or less`);
  };
  if (!r.source) problems.push(M.sourceRequired);
  tooLong('Source', r.source);
  tooLong('Source type', r.sourceType);
  if (!r.target) problems.push(M.targetRequired);
  tooLong('Target', r.target);
  tooLong('Target type', r.targetType);
  if (!r.relationType) problems.push(M.typeRequired);
  tooLong('Relation type', r.relationType);
  if (parseWeight(r.weight) === 'invalid') problems.push(M.weightRange);
  if (r.relationName.length > LIMITS.nameMaxLength) problems.push(RELATION_MESSAGES.nameTooLong);
  if (r.description.length > LIMITS.relationDescriptionMax) problems.push(RELATION_MESSAGES.descriptionTooLong);
  if (r.url && (r.url.length > 2048 || !isHttpUrl(r.url))) problems.push(RELATION_MESSAGES.invalidUrl);
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
  for await (const batch of readRows(file, format, NODE_PARSE_LIMITS, onRead)) for (const row of batch) {
    if (!columns) {
      out.sheet = row.sheet;
      const mapped = mapRelationHeader(row.cells);
      if (Array.isArray(mapped)) throw badRequest(M.noColumns(mapped), 'missing_required_columns');
      columns = mapped;
      continue;
    }
    const c = columns;
    const cell = (key: Column, label: string) => textColumn(c[key] >= 0 ? row.cells[c[key]] : undefined, label);
    const read = {
      source: cell('source', 'Source'),
      sourceType: cell('sourceType', 'Source type'),
      target: cell('target', 'Target'),
      targetType: cell('targetType', 'Target type'),
      relationType: cell('relationType', 'Relation type'),
      weight: cell('weight', 'Weight'),
      relationName: cell('relationName', 'Relation name'),
      description: cell('description', 'Description'),
      url: cell('url', 'URL'),
    };
    const r = { row: row.number, ...Object.fromEntries(Object.entries(read).map(([k, v]) => [k, v.text])) } as RelationRow;
    out.total++;
    const cellProblems = Object.values(read).flatMap((v) => (v.problem ? [v.problem] : []));
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

