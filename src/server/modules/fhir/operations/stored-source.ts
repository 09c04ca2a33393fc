import type { Queryable } from '../../../db/db';
import { invalid } from '../outcome';
import { codeSystemByUrl, type StoredResource } from '../repository';
import { LOOKUP_RELATIVES, type CodeSystemSource, type Concept, type ConceptCriteria, type ConceptDetails, type ConceptFilter, type ConceptQuery, type Subsumption } from './source';

/**
 * A stored CodeSystem as a source: every question is one SQL statement over fhir_concepts (indexed by
 * code, by place and by parent codes), so a filtered or counted expansion of a million concepts reads a
 * page of rows, never the whole system.
 */

interface Row {
  code: string;
  display: string | null;
  definition: string | null;
  parent_codes: string[];
  properties: Concept['properties'];
  designations: Concept['designations'];
  inactive: boolean;
  abstract: boolean;
}

/** Inactive: the `inactive` property true, or a `status` of retired or inactive (R4 concept-properties). */
const INACTIVE = `EXISTS (SELECT 1 FROM jsonb_array_elements(c.properties) p WHERE (p->>'code' = 'inactive' AND p->>'valueBoolean' = 'true') OR (p->>'code' = 'status' AND p->>'valueCode' IN ('retired', 'inactive')))`;
const ABSTRACT = `EXISTS (SELECT 1 FROM jsonb_array_elements(c.properties) p WHERE p->>'code' = 'notSelectable' AND p->>'valueBoolean' = 'true')`;
const COLUMNS = `c.code, c.display, c.definition, c.parent_codes, c.properties, c.designations, ${INACTIVE} AS inactive, ${ABSTRACT} AS abstract`;
/** A property's value as text, whatever its type. */
const PROPERTY_VALUE = `coalesce(p->>'valueCode', p->>'valueString', p->>'valueBoolean', p->>'valueInteger', p->>'valueDecimal', p->>'valueDateTime', p->'valueCoding'->>'code')`;

const toConcept = (r: Row): Concept => ({
  code: r.code,
  display: r.display,
  definition: r.definition,
  designations: r.designations ?? [],
  properties: r.properties ?? [],
  parents: r.parent_codes ?? [],
  inactive: !!r.inactive,
  abstract: !!r.abstract,
});

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Builds parameterised WHERE conditions over fhir_concepts c; $1 is always the code system's id. */
class Conditions {
  readonly values: unknown[];
  constructor(codeSystemId: string) {
    this.values = [codeSystemId];
  }
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  descendantsOrSelf(code: string): string {
    return `(WITH RECURSIVE d(code) AS (SELECT ${this.param(code)}::text UNION SELECT k.code FROM fhir_concepts k JOIN d ON k.code_system_id = $1 AND k.parent_codes @> ARRAY[d.code]) SELECT code FROM d)`;
  }
  ancestorsOrSelf(code: string): string {
    return `(WITH RECURSIVE a(code) AS (SELECT ${this.param(code)}::text UNION SELECT u.parent FROM fhir_concepts k JOIN a ON k.code_system_id = $1 AND k.code = a.code, unnest(k.parent_codes) AS u(parent)) SELECT code FROM a)`;
  }
  filter(f: ConceptFilter): string {
    const { property, op, value } = f;
    const list = () => value.split(',').map((v) => v.trim()).filter(Boolean);
    const regex = () => `('^(?:' || ${this.param(value)} || ')$')`;
    if (property === 'concept' || property === 'code') {
      switch (op) {
        case 'is-a':
          return `c.code IN ${this.descendantsOrSelf(value)}`;
        case 'descendent-of':
          return `(c.code IN ${this.descendantsOrSelf(value)} AND c.code <> ${this.param(value)})`;
        case 'is-not-a':
          return `c.code NOT IN ${this.descendantsOrSelf(value)}`;
        case 'child-of':
          return `c.parent_codes @> ARRAY[${this.param(value)}::text]`;
        case 'generalizes':
          return `c.code IN ${this.ancestorsOrSelf(value)}`;
        case '=':
          return `c.code = ${this.param(value)}`;
        case 'in':
          return `c.code = ANY(${this.param(list())}::text[])`;
        case 'not-in':
          return `NOT (c.code = ANY(${this.param(list())}::text[]))`;
        case 'regex':
          return `c.code ~ ${regex()}`;
        default:
          throw badFilter(f);
      }
    }
    if (property === 'display') {
      if (op === '=') return `c.display = ${this.param(value)}`;
      if (op === 'regex') return `c.display ~ ${regex()}`;
      if (op === 'exists') return value === 'false' ? 'c.display IS NULL' : 'c.display IS NOT NULL';
      throw badFilter(f);
    }
    if (property === 'parent' && op === '=') return `c.parent_codes @> ARRAY[${this.param(value)}::text]`;
    const has = (condition: string) => `EXISTS (SELECT 1 FROM jsonb_array_elements(c.properties) p WHERE p->>'code' = ${this.param(property)} AND ${condition})`;
    switch (op) {
      case '=':
        return has(`${PROPERTY_VALUE} = ${this.param(value)}`);
      case 'in':
        return has(`${PROPERTY_VALUE} = ANY(${this.param(list())}::text[])`);
      case 'not-in':
        return `NOT ${has(`${PROPERTY_VALUE} = ANY(${this.param(list())}::text[])`)}`;
      case 'regex':
        return has(`${PROPERTY_VALUE} ~ ${regex()}`);
      case 'exists':
        if (value !== 'true' && value !== 'false') throw badFilter(f);
        return value === 'true' ? has('TRUE') : `NOT ${has('TRUE')}`;
      default:
        throw badFilter(f);
    }
  }
  criteria(c: ConceptCriteria): string {
    const parts: string[] = [];
    if (c.codes) parts.push(`c.code = ANY(${this.param(c.codes)}::text[])`);
    for (const f of c.filters ?? []) parts.push(this.filter(f));
    return parts.length ? `(${parts.join(' AND ')})` : 'TRUE';
  }
  query(q: ConceptQuery): string {
    const parts = ['c.code_system_id = $1', this.criteria(q.include)];
    for (const ex of q.exclude ?? []) parts.push(`NOT ${this.criteria(ex)}`);
    if (q.only) parts.push(`c.code = ANY(${this.param(q.only)}::text[])`);
    if (q.activeOnly) parts.push(`NOT ${INACTIVE}`);
    for (const word of (q.text ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
      const w = likeEscape(word);
      // Both patterns on the one trigram-indexed expression, so the database answers them from the index.
      parts.push(`(lower(c.display) LIKE ${this.param(`${w}%`)} OR lower(c.display) LIKE ${this.param(`% ${w}%`)})`);
    }
    return parts.join(' AND ');
  }
}

const badFilter = (f: ConceptFilter) => invalid(`The filter ${f.property} ${f.op} ${f.value} is not supported on this code system`, 'ValueSet.compose.include.filter');

/** A regular expression PostgreSQL refuses is the client's mistake, not the server's. */
async function run<T>(db: Queryable, sql: string, values: unknown[]): Promise<T[]> {
  try {
    return await db.query<T>(sql, values);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '2201B') throw invalid(`A regex filter is not a valid regular expression: ${(err as Error).message}`, 'ValueSet.compose.include.filter');
    throw err;
  }
}

export class StoredCodeSystemSource implements CodeSystemSource {
  readonly url: string;
  readonly version?: string;
  readonly name: string;
  readonly caseSensitive: boolean;
  readonly language?: string;
  constructor(
    private readonly db: Queryable,
    readonly stored: StoredResource,
  ) {
    const r = stored.resource;
    this.url = typeof r.url === 'string' ? r.url : `CodeSystem/${stored.id}`;
    this.version = typeof r.version === 'string' ? r.version : undefined;
    this.name = typeof r.name === 'string' ? r.name : typeof r.title === 'string' ? r.title : stored.id;
    this.caseSensitive = r.caseSensitive !== false;
    this.language = typeof r.language === 'string' ? r.language : undefined;
  }

  /** The condition that finds the concept of code $2, as the code system compares codes. */
  private get match(): string {
    return this.caseSensitive ? 'c.code = $2' : 'lower(c.code) = lower($2)';
  }

  async lookup(code: string): Promise<Concept | null> {
    const [row] = await this.db.query<Row>(`SELECT ${COLUMNS} FROM fhir_concepts c WHERE c.code_system_id = $1 AND ${this.match} LIMIT 1`, [this.stored.id, code]);
    return row ? toConcept(row) : null;
  }

  /** One statement: the concept, its parents' displays and its first children, each list aggregated beside it. */
  async details(code: string, limit: number): Promise<ConceptDetails | null> {
    const [row] = await this.db.query<Row & { parent_displays: Record<string, string | null>; children: [string, string | null][] }>(
      `SELECT ${COLUMNS},
              (SELECT coalesce(jsonb_object_agg(p.code, p.display), '{}') FROM fhir_concepts p
                WHERE p.code_system_id = $1 AND p.code = ANY(c.parent_codes[1:${LOOKUP_RELATIVES}])) AS parent_displays,
              (SELECT coalesce(jsonb_agg(jsonb_build_array(k.code, k.display) ORDER BY k.seq), '[]')
                 FROM (SELECT k.code, k.display, k.seq FROM fhir_concepts k WHERE k.code_system_id = $1 AND k.parent_codes @> ARRAY[c.code] ORDER BY k.seq LIMIT $3) k) AS children
         FROM fhir_concepts c WHERE c.code_system_id = $1 AND ${this.match} LIMIT 1`,
      [this.stored.id, code, limit],
    );
    if (!row) return null;
    return {
      concept: toConcept(row),
      parentDisplays: new Map(Object.entries(row.parent_displays)),
      children: row.children.map(([childCode, display]) => ({ code: childCode, display })),
    };
  }

  async find(query: ConceptQuery, page: { offset: number; count: number }): Promise<Concept[]> {
    const where = new Conditions(this.stored.id);
    const clause = where.query(query);
    const rows = await run<Row>(this.db, `SELECT ${COLUMNS} FROM fhir_concepts c WHERE ${clause} ORDER BY c.seq LIMIT ${where.param(page.count)} OFFSET ${where.param(page.offset)}`, where.values);
    return rows.map(toConcept);
  }

  async count(query: ConceptQuery): Promise<number> {
    const where = new Conditions(this.stored.id);
    const [row] = await run<{ n: number }>(this.db, `SELECT count(*)::int AS n FROM fhir_concepts c WHERE ${where.query(query)}`, where.values);
    return row.n;
  }

  async subsumes(codeA: string, codeB: string): Promise<Subsumption> {
    if (codeA === codeB) return 'equivalent';
    const where = new Conditions(this.stored.id);
    // Is A among B's ancestors, or B among A's? Two walks up, each bounded by the hierarchy's depth.
    const [row] = await this.db.query<{ a_above: boolean; b_above: boolean }>(
      `SELECT ${where.param(codeA)}::text IN ${where.ancestorsOrSelf(codeB)} AS a_above, ${where.param(codeB)}::text IN ${where.ancestorsOrSelf(codeA)} AS b_above`,
      where.values,
    );
    return row.a_above ? 'subsumes' : row.b_above ? 'subsumed-by' : 'not-subsumed';
  }
}

/** Stored CodeSystems by canonical url (+version). */
export const storedSources =
  (db: Queryable) =>
  async (system: string, version?: string): Promise<CodeSystemSource | null> => {
    const row = await codeSystemByUrl(db, system, version);
    return row ? new StoredCodeSystemSource(db, row) : null;
  };
