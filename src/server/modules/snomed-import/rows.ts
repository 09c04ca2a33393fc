import { LIMITS, SNOMED_RF2_COLUMNS } from '../../../contract';
import { badRequest } from '../../plugins/errors';
import { cellText, effectiveTimeColumn, idColumn, textColumn, type ColumnValue } from '../../platform/parsers/cell-text';
import type { Cell } from '../../platform/parsers/types';

/**
 * The SNOMED import's column mapping and row rules (spec §3 SNOMED concept, §9 effective
 * time), shared by the Excel and the RF2 paths. Headers match case-insensitively and ignore
 * spaces and underscores, so "effectiveTime", "effective_time" and "Effective Time" agree.
 */
export type SnomedField = (typeof SNOMED_RF2_COLUMNS)[number];
export type SnomedColumns = Record<SnomedField, number>;

const ALIASES: Record<SnomedField, string[]> = {
  id: ['id', 'rowid', 'descriptionid', 'snomedid'],
  effectiveTime: ['effectivetime'],
  active: ['active', 'status'],
  moduleId: ['moduleid'],
  conceptId: ['conceptid'],
  languageCode: ['languagecode', 'language'],
  typeId: ['typeid'],
  term: ['term', 'name'],
  caseSignificanceId: ['casesignificanceid'],
};
const REQUIRED: SnomedField[] = ['id', 'conceptId', 'term'];

const canonical = (cell: string) => cell.trim().toLowerCase().replace(/[\s_-]+/g, '');

export function mapSnomedHeader(cells: Cell[]): SnomedColumns {
  const names = cells.map((c) => canonical(cellText(c)));
  const columns = Object.fromEntries(SNOMED_RF2_COLUMNS.map((f) => [f, names.findIndex((n) => ALIASES[f].includes(n))])) as SnomedColumns;
  const missing = REQUIRED.filter((f) => columns[f] < 0);
  if (missing.length > 0) {
    throw badRequest(
      `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}. The first row must name the columns: ${SNOMED_RF2_COLUMNS.join(', ')}.`,
      'missing_columns',
    );
  }
  return columns;
}

export interface SnomedRow {
  id: string;
  conceptId: string;
  term: string;
  active: boolean;
  effectiveTime: string | null;
  moduleId: string | null;
  languageCode: string;
  typeId: string | null;
  caseSignificanceId: string | null;
}

const SCTID = /^\d{1,18}$/;
const EXCEL_ROUNDED = /^\d(\.\d+)?E\+?\d+$/i;
const TERM_MAX = 4096;

function idProblem(field: string, value: string, required: boolean): string | null {
  if (!value) return required ? `${field} is required` : null;
  if (SCTID.test(value)) return null;
  if (EXCEL_ROUNDED.test(value)) return `${field} ${value} was stored as a number and rounded by Excel; format the column as Text`;
  return `${field} must be a number of up to 18 digits`;
}

/** YYYYMMDD and a real calendar date (20230230 is refused). */
export function isEffectiveTime(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(4, 6));
  const d = Number(value.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A blank active cell means active (the catalogue's default). */
function parseActive(value: string): boolean | null {
  const v = value.toLowerCase();
  if (v === '' || v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return null;
}

const ID_FIELDS = new Set<SnomedField>(['id', 'moduleId', 'conceptId', 'typeId', 'caseSignificanceId']);

/** Each column formats its cell: ids as their digits, effectiveTime as YYYYMMDD, the rest as Excel shows it. */
function columnValue(cells: Cell[], columns: SnomedColumns, field: SnomedField): ColumnValue {
  const cell = columns[field] >= 0 ? cells[columns[field]] : undefined;
  if (ID_FIELDS.has(field)) return idColumn(cell, field);
  if (field === 'effectiveTime') return effectiveTimeColumn(cell, field);
  return textColumn(cell, field);
}

/** Why a row whose id came earlier in the same file is refused (it used to overwrite that row silently). */
export const repeatedIdProblem = (firstRow: number) => `id repeats row ${firstRow}; only the first row with an id is imported`;

/** A valid row, or the reasons it is refused; the cells as read either way (for the error report). */
export function checkSnomedRow(cells: Cell[], columns: SnomedColumns): { row: SnomedRow; values: string[] } | { problems: string[]; values: string[] } {
  const read = SNOMED_RF2_COLUMNS.map((f) => columnValue(cells, columns, f));
  const values = read.map((v) => v.text);
  const [id, effectiveTime, activeText, moduleId, conceptId, languageText, typeId, term, caseSignificanceId] = values;
  const cellProblems = read.flatMap((v) => (v.problem ? [v.problem] : []));
  if (cellProblems.length > 0) return { problems: cellProblems, values };
  const problems: string[] = [];
  for (const [field, value, required] of [
    ['id', id, true],
    ['conceptId', conceptId, true],
    ['moduleId', moduleId, false],
    ['typeId', typeId, false],
    ['caseSignificanceId', caseSignificanceId, false],
  ] as const) {
    const problem = idProblem(field, value, required);
    if (problem) problems.push(problem);
  }
  if (!term) problems.push('term is required');
  else if (term.length > TERM_MAX) problems.push(`term must be ${TERM_MAX} characters or less`);
  const active = parseActive(activeText);
  if (active === null) problems.push('active must be 1, 0, true or false');
  if (effectiveTime && !isEffectiveTime(effectiveTime)) {
    problems.push(`effectiveTime must be ${LIMITS.effectiveTimeLength} digits YYYYMMDD and a real date`);
  }
  const languageCode = (languageText || LIMITS.defaultLanguageCode).toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(languageCode)) problems.push('languageCode must be a language code such as en');
  if (problems.length > 0) return { problems, values };
  return {
    row: {
      id,
      conceptId,
      term,
      active: active!,
      effectiveTime: effectiveTime || null,
      moduleId: moduleId || null,
      languageCode,
      typeId: typeId || null,
      caseSignificanceId: caseSignificanceId || null,
    },
    values,
  };
}
