import { badRequest } from '../../../plugins/errors';
import { cellText } from '../../../platform/parsers/cell-text';
import type { Cell } from '../../../platform/parsers/types';
import { isEffectiveTime } from '../rows';

/**
 * The RF2 release files the import reads besides the description file's flexible columns: each
 * kind's exact header (the release's own column names, in order), its table, and its row rule.
 * A file is known by its header; a file whose name says one kind and whose header another is
 * refused before any row is written.
 */
export const RF2_KINDS = ['concept', 'description', 'relationship', 'language', 'association'] as const;
export type Rf2Kind = (typeof RF2_KINDS)[number];

interface Column {
  /** The release's column name. */
  name: string;
  /** The table's column. */
  column: string;
  type: 'sctid' | 'member' | 'time' | 'active' | 'int' | 'text' | 'lang';
}

export interface Rf2Spec {
  kind: Rf2Kind;
  table: string;
  columns: readonly Column[];
  /** What the file is called in a release (Snapshot only: a release's Full and Delta files are skipped). */
  name: RegExp;
  label: string;
}

const c = (name: string, column: string, type: Column['type']): Column => ({ name, column, type });
const HEAD = [c('id', 'id', 'sctid'), c('effectiveTime', 'effective_time', 'time'), c('active', 'active', 'active'), c('moduleId', 'module_id', 'sctid')];
const MEMBER_HEAD = [c('id', 'id', 'member'), ...HEAD.slice(1), c('refsetId', 'refset_id', 'sctid'), c('referencedComponentId', 'referenced_component_id', 'sctid')];

export const RF2_SPECS: Record<Rf2Kind, Rf2Spec> = {
  concept: { kind: 'concept', table: 'snomed_rf2_concepts', label: 'concept', name: /(^|\/)sct2_Concept_Snapshot[^/]*\.txt$/i, columns: [...HEAD, c('definitionStatusId', 'definition_status_id', 'sctid')] },
  description: {
    kind: 'description',
    table: 'snomed_concepts',
    label: 'description',
    name: /(^|\/)sct2_Description_Snapshot[^/]*\.txt$/i,
    columns: [...HEAD, c('conceptId', 'concept_id', 'sctid'), c('languageCode', 'language_code', 'lang'), c('typeId', 'type_id', 'sctid'), c('term', 'term', 'text'), c('caseSignificanceId', 'case_significance_id', 'sctid')],
  },
  relationship: {
    kind: 'relationship',
    table: 'snomed_relationships',
    label: 'relationship',
    // Not the stated relationships (OWL axioms replaced them) nor the concrete values.
    name: /(^|\/)sct2_Relationship_Snapshot[^/]*\.txt$/i,
    columns: [
      ...HEAD,
      c('sourceId', 'source_id', 'sctid'),
      c('destinationId', 'destination_id', 'sctid'),
      c('relationshipGroup', 'relationship_group', 'int'),
      c('typeId', 'type_id', 'sctid'),
      c('characteristicTypeId', 'characteristic_type_id', 'sctid'),
      c('modifierId', 'modifier_id', 'sctid'),
    ],
  },
  language: { kind: 'language', table: 'snomed_language_refset', label: 'language reference set', name: /(^|\/)der2_cRefset_Language[^/]*Snapshot[^/]*\.txt$/i, columns: [...MEMBER_HEAD, c('acceptabilityId', 'acceptability_id', 'sctid')] },
  association: {
    kind: 'association',
    table: 'snomed_associations',
    label: 'association reference set',
    name: /(^|\/)der2_cRefset_Association[^/]*Snapshot[^/]*\.txt$/i,
    columns: [...MEMBER_HEAD, c('targetComponentId', 'target_component_id', 'sctid')],
  },
};

/** The order a release is read in: concepts before what refers to them. */
export const RELEASE_ORDER: readonly Rf2Kind[] = ['concept', 'description', 'relationship', 'language', 'association'];

/** The kind a file name says, or null. */
export const kindOfName = (filename: string): Rf2Kind | null => RELEASE_ORDER.find((k) => RF2_SPECS[k].name.test(filename.replace(/\\/g, '/'))) ?? null;

/** The kind a header row is exactly, or null. */
export function kindOfHeader(cells: Cell[]): Rf2Kind | null {
  const names = cells.map((cell) => cellText(cell).trim());
  return RELEASE_ORDER.find((k) => RF2_SPECS[k].columns.length === names.length && RF2_SPECS[k].columns.every((col, i) => col.name === names[i])) ?? null;
}

/** Refuses a file whose header is not the one its name (or its place in a release) asks for. */
export function checkHeader(cells: Cell[], expected: Rf2Kind, filename: string): void {
  const found = kindOfHeader(cells);
  if (found === expected) return;
  const spec = RF2_SPECS[expected];
  throw badRequest(
    `${filename} is named as an RF2 ${spec.label} file but its header is ${found ? `a ${RF2_SPECS[found].label} file's` : 'not one'}; ` +
      `its first row must be: ${spec.columns.map((col) => col.name).join(' ')}`,
    'wrong_rf2_header',
  );
}

export type Rf2Value = string | boolean | number | null;
export type Rf2Row = Rf2Value[];

const SCTID = /^\d{6,18}$/;
const MEMBER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cell that fails its column's check (checkCell). */
const INVALID = Symbol('invalid');
type Checked = Rf2Value | typeof INVALID;

/** Effective times repeat across a release's millions of rows (a few hundred distinct): each is checked once. */
const validTimes = new Set<string>();
const VALID_TIMES_KEPT = 10_000;
function isValidTime(text: string): boolean {
  if (validTimes.has(text)) return true;
  if (!isEffectiveTime(text)) return false;
  if (validTimes.size < VALID_TIMES_KEPT) validTimes.add(text);
  return true;
}

/** What a column of each type says of a cell that fails its check. */
const WHY: Record<Column['type'], string> = {
  sctid: 'must be a SNOMED id of 6 to 18 digits',
  member: 'must be a reference set member UUID',
  time: 'must be a date YYYYMMDD',
  active: 'must be 1 or 0',
  int: 'must be a whole number',
  lang: 'must be a language code such as en',
  text: 'must be 1 to 4096 characters',
};

function checkCell(type: Column['type'], text: string): Checked {
  switch (type) {
    case 'sctid':
      return SCTID.test(text) ? text : INVALID;
    case 'member':
      return MEMBER.test(text) ? text.toLowerCase() : INVALID;
    case 'time':
      return isValidTime(text) ? text : INVALID;
    case 'active':
      return text === '1' ? true : text === '0' ? false : INVALID;
    case 'int':
      return /^\d{1,9}$/.test(text) ? Number(text) : INVALID;
    case 'lang':
      return /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(text) ? text.toLowerCase() : INVALID;
    default:
      return text !== '' && text.length <= 4096 ? text : INVALID;
  }
}

/**
 * A row's values in the spec's column order, or its problems. Runs for each of a release's 7 million
 * rows: a plain loop with no function made per cell (a closure per cell, named under tsx, cost 23 s
 * of a release import's main thread; bench/results/import-notes.md).
 */
export function checkRf2Row(spec: Rf2Spec, cells: Cell[]): { row: Rf2Row } | { problems: string[] } {
  let problems: string[] | null = null;
  const row: Rf2Row = new Array<Rf2Value>(spec.columns.length);
  for (let i = 0; i < spec.columns.length; i++) {
    const col = spec.columns[i];
    const value = checkCell(col.type, cells[i] === undefined ? '' : cellText(cells[i]).trim());
    if (value === INVALID) (problems ??= []).push(`${col.name} ${WHY[col.type]}`);
    else row[i] = value;
  }
  return problems ? { problems } : { row };
}

/** The SQL type of each column for unnest. */
export const sqlType = (col: Column) => (col.type === 'active' ? 'boolean' : col.type === 'int' ? 'integer' : 'text');
