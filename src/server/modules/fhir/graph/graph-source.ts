import type { Queryable } from '../../../db/db';
import { invalid } from '../outcome';
import { LOOKUP_RELATIVES, type CodeSystemSource, type Concept, type ConceptCriteria, type ConceptDetails, type ConceptFilter, type ConceptProperty, type ConceptQuery, type Subsumption } from '../operations/source';
import { SNOMED_SYSTEM, isUuid } from './canonical';
import { HIERARCHY_SETTING, hierarchyQuery, hierarchyRelationType } from './hierarchy';

/**
 * The knowledge graph as a code system, read live from its tables: code = node id, display = name,
 * definition = description; properties type, snomed, url and one per relation type (its targets).
 * The hierarchy relation type (hierarchy.ts) gives parents, children and subsumption. A deleted node
 * answers from its last delete event in the audit trail: inactive, with its last name. Every question
 * is one statement over indexed columns, so a page of a million-node expansion reads one page.
 */

interface Row {
  id: string;
  name: string;
  description: string | null;
  snomed_code: string | null;
  url: string | null;
  type_name: string;
  parents: string[];
}

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);
/** Property codes the CodeSystem defines itself; a relation type of one of these names is not listed as a property. */
export const RESERVED_PROPERTIES = new Set(['type', 'snomed', 'url', 'parent', 'child', 'inactive', 'concept', 'code', 'display']);

function baseProperties(r: { type_name: string; snomed_code: string | null; url: string | null }): ConceptProperty[] {
  return [
    { code: 'type', valueCode: r.type_name },
    ...(r.snomed_code ? [{ code: 'snomed', valueCoding: { system: SNOMED_SYSTEM, code: r.snomed_code } }] : []),
    ...(r.url ? [{ code: 'url', valueString: r.url }] : []),
  ];
}

const toConcept = (r: Row, extra: ConceptProperty[] = []): Concept => ({
  code: r.id,
  display: r.name,
  definition: r.description,
  designations: [],
  properties: [...baseProperties(r), ...extra],
  parents: r.parents ?? [],
  inactive: false,
  abstract: false,
});

/** A concept with one property per relation (its type's name, its target), but those of the reserved names. */
const withRelations = (r: Row & { relations: [string, string][] }): Concept =>
  toConcept(r, r.relations.filter(([name]) => !RESERVED_PROPERTIES.has(name)).map(([name, target]) => ({ code: name, valueCode: target })));

/** Parameterised WHERE conditions over nodes n JOIN node_types nt; the hierarchy relation type (or null) is one parameter, added when used. */
class Conditions {
  readonly values: unknown[] = [];
  private placeholder: string | null = null;
  constructor(private readonly hierarchy: string | null) {}
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** The hierarchy relation type's id as a typed parameter. */
  get h(): string {
    this.placeholder ??= `${this.param(this.hierarchy)}::uuid`;
    return this.placeholder;
  }
  descendantsOrSelf(id: string): string {
    return `(WITH RECURSIVE d(id) AS (SELECT ${this.param(id)}::uuid UNION SELECT r.source_node_id FROM relations r JOIN d ON r.target_node_id = d.id WHERE r.relation_type_id = ${this.h}) SELECT id FROM d)`;
  }
  ancestorsOrSelf(id: string): string {
    return `(WITH RECURSIVE a(id) AS (SELECT ${this.param(id)}::uuid UNION SELECT r.target_node_id FROM relations r JOIN a ON r.source_node_id = a.id WHERE r.relation_type_id = ${this.h}) SELECT id FROM a)`;
  }
  private text(column: string, f: ConceptFilter, caseless = false): string {
    const list = () => f.value.split(',').map((v) => v.trim()).filter(Boolean);
    const col = caseless ? `lower(${column})` : column;
    const val = (v: unknown) => (caseless ? `lower(${this.param(v)})` : this.param(v));
    switch (f.op) {
      case '=':
        return `${col} = ${val(f.value)}`;
      case 'in':
        return caseless ? `${col} = ANY(SELECT lower(x) FROM unnest(${this.param(list())}::text[]) AS x)` : `${col} = ANY(${this.param(list())}::text[])`;
      case 'not-in':
        return `NOT coalesce(${caseless ? `${col} = ANY(SELECT lower(x) FROM unnest(${this.param(list())}::text[]) AS x)` : `${col} = ANY(${this.param(list())}::text[])`}, false)`;
      case 'regex':
        return `${column} ~ ('^(?:' || ${this.param(f.value)} || ')$')`;
      case 'exists':
        if (f.value !== 'true' && f.value !== 'false') throw badFilter(f);
        return f.value === 'true' ? `(${column} IS NOT NULL AND ${column} <> '')` : `(${column} IS NULL OR ${column} = '')`;
      default:
        throw badFilter(f);
    }
  }
  filter(f: ConceptFilter): string {
    const { property, op, value } = f;
    if (property === 'concept' || property === 'code') {
      const ids = () => value.split(',').map((v) => v.trim()).filter(isUuid);
      const one = isUuid(value);
      switch (op) {
        case 'is-a':
          return one ? `n.id IN ${this.descendantsOrSelf(value)}` : 'FALSE';
        case 'descendent-of':
          return one ? `(n.id IN ${this.descendantsOrSelf(value)} AND n.id <> ${this.param(value)}::uuid)` : 'FALSE';
        case 'is-not-a':
          return one ? `n.id NOT IN ${this.descendantsOrSelf(value)}` : 'TRUE';
        case 'generalizes':
          return one ? `n.id IN ${this.ancestorsOrSelf(value)}` : 'FALSE';
        case 'child-of':
          return one ? this.childOf(value) : 'FALSE';
        case '=':
          return one ? `n.id = ${this.param(value)}::uuid` : 'FALSE';
        case 'in':
          return `n.id = ANY(${this.param(ids())}::uuid[])`;
        case 'not-in':
          return `NOT (n.id = ANY(${this.param(ids())}::uuid[]))`;
        case 'regex':
          return `n.id::text ~ ('^(?:' || ${this.param(value)} || ')$')`;
        default:
          throw badFilter(f);
      }
    }
    if (property === 'parent' && op === '=') return isUuid(value) ? this.childOf(value) : 'FALSE';
    if (property === 'display') {
      if (op === '=' || op === 'regex' || op === 'exists') return this.text('n.name', f);
      throw badFilter(f);
    }
    if (property === 'type') return this.text('nt.name', f, op !== 'regex' && op !== 'exists');
    if (property === 'snomed') return this.text('n.snomed_code', f);
    if (property === 'url') return this.text('n.url', f);
    if (property === 'inactive' && op === '=') return value === 'true' ? 'FALSE' : 'TRUE';
    // A relation type's name: the node has a relation of that type (to the value's node, for `=`).
    const relation = (target: string) =>
      `EXISTS (SELECT 1 FROM relations r JOIN relation_types t ON t.id = r.relation_type_id WHERE r.source_node_id = n.id AND lower(t.name) = lower(${this.param(property)})${target})`;
    if (op === '=') return isUuid(value) ? relation(` AND r.target_node_id = ${this.param(value)}::uuid`) : 'FALSE';
    if (op === 'exists' && (value === 'true' || value === 'false')) return value === 'true' ? relation('') : `NOT ${relation('')}`;
    throw badFilter(f);
  }
  childOf(id: string): string {
    return `EXISTS (SELECT 1 FROM relations r WHERE r.source_node_id = n.id AND r.relation_type_id = ${this.h} AND r.target_node_id = ${this.param(id)}::uuid)`;
  }
  criteria(c: ConceptCriteria): string {
    const parts: string[] = [];
    if (c.codes) parts.push(`n.id = ANY(${this.param(c.codes.filter(isUuid))}::uuid[])`);
    for (const f of c.filters ?? []) parts.push(this.filter(f));
    return parts.length ? `(${parts.join(' AND ')})` : 'TRUE';
  }
  query(q: ConceptQuery): string {
    const parts = [this.criteria(q.include)];
    for (const ex of q.exclude ?? []) parts.push(`NOT ${this.criteria(ex)}`);
    if (q.only) parts.push(`n.id = ANY(${this.param(q.only.filter(isUuid))}::uuid[])`);
    for (const word of (q.text ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
      const w = likeEscape(word);
      // ILIKE on the trigram-indexed name: the database answers both patterns from the index.
      parts.push(`(n.name ILIKE ${this.param(`${w}%`)} OR n.name ILIKE ${this.param(`% ${w}%`)})`);
    }
    return parts.join(' AND ');
  }
}

const badFilter = (f: ConceptFilter) => invalid(`The filter ${f.property} ${f.op} ${f.value} is not supported on the knowledge graph's code system`, 'ValueSet.compose.include.filter');

async function run<T>(db: Queryable, sql: string, values: unknown[]): Promise<T[]> {
  try {
    return await db.query<T>(sql, values);
  } catch (err) {
    if ((err as { code?: string }).code === '2201B') throw invalid(`A regex filter is not a valid regular expression: ${(err as Error).message}`, 'ValueSet.compose.include.filter');
    throw err;
  }
}

/** The columns of a concept; `h` is the hierarchy relation type's placeholder. */
const columns = (h: string) => `n.id::text AS id, n.name, n.description, n.snomed_code, n.url, nt.name AS type_name,
  ARRAY(SELECT r.target_node_id::text FROM relations r WHERE r.source_node_id = n.id AND r.relation_type_id = ${h} ORDER BY r.target_node_id) AS parents`;
const FROM = 'FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id';

/** The most relation targets $lookup lists as properties. */
const MAX_RELATION_PROPERTIES = 100;

/**
 * One concept by id ($2) in one statement: the hierarchy relation type read in it (the setting's key
 * is $1), the node's relations as [type name, target] pairs, and — for $lookup's details — its
 * parents' names and its first children ($3 of them) as [id, name] pairs.
 */
function conceptStatement(details: boolean): string {
  const h = '(SELECT id FROM h)';
  const relations = `(SELECT coalesce(jsonb_agg(jsonb_build_array(x.name, x.target::text) ORDER BY x.name, x.target), '[]')
      FROM (SELECT t.name, r.target_node_id AS target FROM relations r JOIN relation_types t ON t.id = r.relation_type_id
             WHERE r.source_node_id = n.id ORDER BY t.name, r.target_node_id LIMIT ${MAX_RELATION_PROPERTIES}) x) AS relations`;
  const parentNames = `(SELECT coalesce(jsonb_object_agg(p.id::text, p.name), '{}') FROM nodes p
      WHERE p.id IN (SELECT r.target_node_id FROM relations r WHERE r.source_node_id = n.id AND r.relation_type_id = ${h} ORDER BY r.target_node_id LIMIT ${LOOKUP_RELATIVES})) AS parent_names`;
  const children = `(SELECT coalesce(jsonb_agg(jsonb_build_array(k.id::text, k.name) ORDER BY lower(k.name), k.id), '[]')
      FROM (SELECT c.id, c.name FROM nodes c
             WHERE c.id IN (SELECT r.source_node_id FROM relations r WHERE r.target_node_id = n.id AND r.relation_type_id = ${h})
             ORDER BY lower(c.name), c.id LIMIT $3) k) AS children`;
  return `WITH h AS (${hierarchyQuery('$1')})
    SELECT ${columns(h)}, ${relations}${details ? `, ${parentNames}, ${children}` : ''} ${FROM} WHERE n.id = $2::uuid`;
}

interface ConceptRow extends Row {
  relations: [string, string][];
  parent_names?: Record<string, string>;
  children?: [string, string][];
}

export class GraphCodeSystemSource implements CodeSystemSource {
  readonly version = undefined;
  readonly name = 'KnowledgeGraph';
  /** Node ids are UUIDs, read case-insensitively. */
  readonly caseSensitive = false;
  private hierarchy: Promise<string | null> | null = null;

  constructor(
    private readonly db: Queryable,
    readonly url: string,
  ) {}

  private hierarchyId(): Promise<string | null> {
    this.hierarchy ??= hierarchyRelationType(this.db).then((h) => h?.id ?? null);
    return this.hierarchy;
  }

  /** One statement (a deleted node: a second, its last delete event). */
  async lookup(code: string): Promise<Concept | null> {
    if (!isUuid(code)) return null;
    const [row] = await this.db.query<ConceptRow>(conceptStatement(false), [HIERARCHY_SETTING, code]);
    return row ? withRelations(row) : this.deleted(code);
  }

  /** One statement, as lookup, with the parents' names and the first children beside the node. */
  async details(code: string, limit: number): Promise<ConceptDetails | null> {
    if (!isUuid(code)) return null;
    const [row] = await this.db.query<ConceptRow>(conceptStatement(true), [HIERARCHY_SETTING, code, limit]);
    if (!row) {
      const deleted = await this.deleted(code);
      return deleted && { concept: deleted, parentDisplays: new Map(), children: [] };
    }
    return {
      concept: withRelations(row),
      parentDisplays: new Map(Object.entries(row.parent_names ?? {})),
      children: (row.children ?? []).map(([id, name]) => ({ code: id, display: name })),
    };
  }

  /** A deleted node: its state before the last delete event (the audit trail keeps it until the retention purge). */
  private async deleted(code: string): Promise<Concept | null> {
    const [event] = await this.db.query<{ state: { name?: string; nodeType?: string; snomedCode?: string | null; url?: string | null; description?: string | null } | null }>(
      `SELECT detail->'state' AS state FROM audit_log WHERE entity_type = 'node' AND entity_id = $1 AND action = 'delete' ORDER BY id DESC LIMIT 1`,
      [code.toLowerCase()],
    );
    const s = event?.state;
    if (!s?.name) return null;
    return {
      code: code.toLowerCase(),
      display: s.name,
      definition: s.description ?? null,
      designations: [],
      properties: [...baseProperties({ type_name: s.nodeType ?? '', snomed_code: s.snomedCode ?? null, url: s.url ?? null }).filter((p) => p.valueCode !== ''), { code: 'inactive', valueBoolean: true }],
      parents: [],
      inactive: true,
      abstract: false,
    };
  }

  async find(query: ConceptQuery, page: { offset: number; count: number }): Promise<Concept[]> {
    const where = new Conditions(await this.hierarchyId());
    const clause = where.query(query);
    const rows = await run<Row>(this.db, `SELECT ${columns(where.h)} ${FROM} WHERE ${clause} ORDER BY lower(n.name), n.id LIMIT ${where.param(page.count)} OFFSET ${where.param(page.offset)}`, where.values);
    return rows.map((r) => toConcept(r));
  }

  async count(query: ConceptQuery): Promise<number> {
    const where = new Conditions(await this.hierarchyId());
    const [row] = await run<{ n: number }>(this.db, `SELECT count(*)::int AS n ${FROM} WHERE ${where.query(query)}`, where.values);
    return row.n;
  }

  async subsumes(codeA: string, codeB: string): Promise<Subsumption> {
    if (codeA.toLowerCase() === codeB.toLowerCase()) return 'equivalent';
    const where = new Conditions(await this.hierarchyId());
    if (!isUuid(codeA) || !isUuid(codeB)) return 'not-subsumed';
    const [row] = await this.db.query<{ a_above: boolean; b_above: boolean }>(
      `SELECT ${where.param(codeA)}::uuid IN ${where.ancestorsOrSelf(codeB)} AS a_above, ${where.param(codeB)}::uuid IN ${where.ancestorsOrSelf(codeA)} AS b_above`,
      where.values,
    );
    return row.a_above ? 'subsumes' : row.b_above ? 'subsumed-by' : 'not-subsumed';
  }
}
