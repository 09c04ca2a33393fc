import type { Queryable } from '../../../db/db';
import { FhirError } from '../outcome';
import type { Search } from '../repository';
import type { TerminologyType } from '../resource-check';
import { GRAPH_CODE_SYSTEM_ID, RELATION_MAP_PREFIX, SNOMED_MAP_ID, SNOMED_SYSTEM, TYPE_VALUE_SET_PREFIX, isUuid, type GraphUrls } from './canonical';
import { RESERVED_PROPERTIES } from './graph-source';
import { hierarchyRelationType } from './hierarchy';

/**
 * The graph's generated (virtual) resources: its CodeSystem, a ValueSet per node type and a
 * ConceptMap per relation type plus one from nodes to SNOMED. Built from the tables when asked, so
 * always current; read-only (their ids are reserved: a write answers 405).
 */
export type Resource = Record<string, unknown>;

/** A ConceptMap read or exported inlines at most this many mappings; a larger one is answered through $translate. */
export const INLINE_MAPPINGS = 1000;
/** The most mappings $translate reads of one virtual map for one code. */
const MAPPINGS_PER_CODE = 1000;

const SUBSETTED = { system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue', code: 'SUBSETTED', display: 'subsetted' };

/** Whether a terminology id is one the graph generates (so no stored resource may take it). */
export function isVirtualId(type: TerminologyType, id: string): boolean {
  if (type === 'CodeSystem') return id === GRAPH_CODE_SYSTEM_ID;
  if (type === 'ValueSet') return id.startsWith(TYPE_VALUE_SET_PREFIX);
  return id === SNOMED_MAP_ID || id.startsWith(RELATION_MAP_PREFIX);
}

export const readOnly = (type: string, id: string) =>
  new FhirError(405, 'not-supported', `${type}/${id} is generated from the knowledge graph and read-only: change the graph's nodes, types and relations instead`);

/** A name usable as an identifier (FHIR's name invariants): letters and digits of the text, each word capitalised. */
const identifier = (prefix: string, text: string) => `${prefix}${text.replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('')}`;

const iso = (v: Date | string) => new Date(v).toISOString();

/** The graph's last change: the newest graph event of the audit trail, else the newest node's creation. */
async function lastChange(db: Queryable): Promise<{ versionId: string; lastUpdated: string }> {
  const [event] = await db.query<{ id: string; at: Date }>(
    `SELECT id::text AS id, at FROM audit_log WHERE entity_type IN ('node', 'relation', 'node_type', 'relation_type') ORDER BY id DESC LIMIT 1`,
  );
  const [created] = await db.query<{ at: Date | null }>(`SELECT max(created_at) AS at FROM nodes`);
  const times = [event?.at, created?.at].filter((t): t is Date => !!t).map((t) => new Date(t).getTime());
  return { versionId: event?.id ?? '1', lastUpdated: new Date(times.length ? Math.max(...times) : 0).toISOString() };
}

interface TypeRow {
  id: string;
  name: string;
  updated_at: Date;
}

const relationTypes = (db: Queryable) => db.query<TypeRow>(`SELECT id::text AS id, name, updated_at FROM relation_types ORDER BY lower(name)`);
const nodeTypes = (db: Queryable) => db.query<TypeRow>(`SELECT id::text AS id, name, updated_at FROM node_types ORDER BY lower(name)`);

/** The graph's CodeSystem: concepts not inlined (content not-present); they are served through the operations. */
export async function graphCodeSystem(db: Queryable, urls: GraphUrls): Promise<Resource> {
  const [meta, hierarchy, rts] = [await lastChange(db), await hierarchyRelationType(db), await relationTypes(db)];
  return {
    resourceType: 'CodeSystem',
    id: GRAPH_CODE_SYSTEM_ID,
    meta,
    url: urls.codeSystem,
    name: 'KnowledgeGraph',
    title: 'Knowledge graph',
    status: 'active',
    experimental: false,
    description: 'The curated knowledge graph: one concept per node (code = node id, display = name, definition = description). Its concepts are served through $lookup, $validate-code, $subsumes and $expand.',
    caseSensitive: false,
    ...(hierarchy ? { hierarchyMeaning: 'is-a' } : {}),
    content: 'not-present',
    filter: [
      { code: 'type', description: 'The node type (its name)', operator: ['=', 'in', 'not-in', 'regex', 'exists'], value: 'A node type name' },
      { code: 'concept', description: `The hierarchy${hierarchy ? ` (relation type ${hierarchy.name})` : ''}`, operator: ['is-a', 'descendent-of', 'is-not-a', 'generalizes', 'child-of', '=', 'in', 'not-in'], value: 'A node id' },
    ],
    property: [
      { code: 'type', description: 'The node type', type: 'code' },
      { code: 'snomed', uri: 'http://snomed.info/sct', description: 'The node’s SNOMED CT concept', type: 'Coding' },
      { code: 'url', description: 'The node’s reference url', type: 'string' },
      { code: 'parent', uri: 'http://hl7.org/fhir/concept-properties#parent', description: 'A parent by the hierarchy relation type', type: 'code' },
      { code: 'child', uri: 'http://hl7.org/fhir/concept-properties#child', description: 'A child by the hierarchy relation type', type: 'code' },
      { code: 'inactive', uri: 'http://hl7.org/fhir/concept-properties#inactive', description: 'A deleted node', type: 'boolean' },
      ...rts.filter((r) => !RESERVED_PROPERTIES.has(r.name)).map((r) => ({ code: r.name, description: `Relation type ${r.name}: the target node`, type: 'code' })),
    ],
  };
}

export function typeValueSet(type: TypeRow, urls: GraphUrls): Resource {
  return {
    resourceType: 'ValueSet',
    id: `${TYPE_VALUE_SET_PREFIX}${type.id}`,
    meta: { lastUpdated: iso(type.updated_at) },
    url: urls.valueSet(type.id),
    name: identifier('KgType', type.name),
    title: type.name,
    status: 'active',
    description: `The knowledge graph's nodes of the type ${type.name}`,
    compose: { include: [{ system: urls.codeSystem, filter: [{ property: 'type', op: '=', value: type.name }] }] },
  };
}

interface Mapping {
  source: string;
  source_name: string;
  target: string;
  target_name: string | null;
}

/** Mappings as one ConceptMap group: elements by source code, each with its targets. */
function group(source: string, target: string, rows: Mapping[], equivalence: string) {
  const elements = new Map<string, { code: string; display: string; target: Record<string, unknown>[] }>();
  for (const r of rows) {
    const e = elements.get(r.source) ?? { code: r.source, display: r.source_name, target: [] };
    e.target.push({ code: r.target, ...(r.target_name ? { display: r.target_name } : {}), equivalence });
    elements.set(r.source, e);
  }
  return { source, target, element: [...elements.values()] };
}

type MapKind = { kind: 'relation'; type: TypeRow } | { kind: 'snomed' };

function mapShell(m: MapKind, urls: GraphUrls, lastUpdated: string): Resource {
  if (m.kind === 'snomed') {
    return {
      resourceType: 'ConceptMap',
      id: SNOMED_MAP_ID,
      meta: { lastUpdated },
      url: urls.snomedMap,
      name: 'KgSnomed',
      title: 'Knowledge graph to SNOMED CT',
      status: 'active',
      description: "Each node of the knowledge graph to its SNOMED CT concept",
      sourceUri: urls.codeSystem,
      targetUri: SNOMED_SYSTEM,
    };
  }
  return {
    resourceType: 'ConceptMap',
    id: `${RELATION_MAP_PREFIX}${m.type.id}`,
    meta: { lastUpdated: iso(m.type.updated_at) },
    url: urls.conceptMap(m.type.id),
    name: identifier('KgRelation', m.type.name),
    title: m.type.name,
    status: 'active',
    description: `The knowledge graph's relations of the type ${m.type.name}: source node to target node`,
    sourceUri: urls.codeSystem,
    targetUri: urls.codeSystem,
  };
}

/** The mappings of a map, optionally only those from (or, reverse, to) one code; at most `limit`. */
async function mappings(db: Queryable, m: MapKind, limit: number, code?: { code: string; reverse: boolean }): Promise<Mapping[]> {
  if (m.kind === 'snomed') {
    const where = code ? (code.reverse ? 'n.snomed_code = $2' : isUuid(code.code) ? 'n.id = $2::uuid' : 'FALSE') : 'TRUE';
    return db.query<Mapping>(
      `SELECT n.id::text AS source, n.name AS source_name, n.snomed_code AS target, NULL AS target_name FROM nodes n
        WHERE n.snomed_code IS NOT NULL AND n.snomed_code <> '' AND ${where} ORDER BY n.id LIMIT $1`,
      code && (code.reverse || isUuid(code.code)) ? [limit, code.code] : [limit],
    );
  }
  const end = code ? (code.reverse ? 'target_node_id' : 'source_node_id') : null;
  const by = code && isUuid(code.code) ? `AND r.${end} = $3::uuid` : code ? 'AND FALSE' : '';
  return db.query<Mapping>(
    `SELECT s.id::text AS source, s.name AS source_name, t.id::text AS target, t.name AS target_name
       FROM relations r JOIN nodes s ON s.id = r.source_node_id JOIN nodes t ON t.id = r.target_node_id
      WHERE r.relation_type_id = $1::uuid ${by} ORDER BY r.source_node_id, r.target_node_id LIMIT $2`,
    code && isUuid(code.code) ? [m.type.id, limit, code.code] : [m.type.id, limit],
  );
}

/**
 * A map with its mappings: all (up to `cap`; more answers null, the caller says why), or those of one
 * code (for $translate). A relation's equivalence is `relatedto`; a node's SNOMED code `equivalent`.
 */
async function fullMap(db: Queryable, m: MapKind, urls: GraphUrls, cap: number, code?: { code: string; reverse: boolean }): Promise<Resource | null> {
  const rows = await mappings(db, m, code ? MAPPINGS_PER_CODE : cap + 1, code);
  if (!code && rows.length > cap) return null;
  const shell = mapShell(m, urls, (await lastChange(db)).lastUpdated);
  const target = m.kind === 'snomed' ? SNOMED_SYSTEM : urls.codeSystem;
  return { ...shell, ...(rows.length ? { group: [group(urls.codeSystem, target, rows, m.kind === 'snomed' ? 'equivalent' : 'relatedto')] } : {}) };
}

/** A map as a read answers it: whole, or, above INLINE_MAPPINGS, without its groups and tagged SUBSETTED. */
async function readMap(db: Queryable, m: MapKind, urls: GraphUrls): Promise<Resource> {
  const whole = await fullMap(db, m, urls, INLINE_MAPPINGS);
  if (whole) return whole;
  const shell = mapShell(m, urls, (await lastChange(db)).lastUpdated);
  return {
    ...shell,
    meta: { ...(shell.meta as object), tag: [SUBSETTED] },
    description: `${String(shell.description)}. More than ${INLINE_MAPPINGS} mappings: translate codes with $translate.`,
  };
}

async function mapKindOf(db: Queryable, id: string): Promise<MapKind | null> {
  if (id === SNOMED_MAP_ID) return { kind: 'snomed' };
  const typeId = id.slice(RELATION_MAP_PREFIX.length);
  if (!id.startsWith(RELATION_MAP_PREFIX) || !isUuid(typeId)) return null;
  const [type] = await db.query<TypeRow>(`SELECT id::text AS id, name, updated_at FROM relation_types WHERE id = $1::uuid`, [typeId]);
  return type ? { kind: 'relation', type } : null;
}

/** A virtual resource by id, as read; null when the id names nothing. */
export async function virtualById(db: Queryable, urls: GraphUrls, type: TerminologyType, id: string): Promise<Resource | null> {
  if (type === 'CodeSystem') return id === GRAPH_CODE_SYSTEM_ID ? graphCodeSystem(db, urls) : null;
  if (type === 'ValueSet') {
    const typeId = id.slice(TYPE_VALUE_SET_PREFIX.length);
    if (!id.startsWith(TYPE_VALUE_SET_PREFIX) || !isUuid(typeId)) return null;
    const [row] = await db.query<TypeRow>(`SELECT id::text AS id, name, updated_at FROM node_types WHERE id = $1::uuid`, [typeId]);
    return row ? typeValueSet(row, urls) : null;
  }
  const m = await mapKindOf(db, id);
  return m ? readMap(db, m, urls) : null;
}

/** The id a canonical url of the graph names (its tail after `{base}/{type}/`), or null. */
export function virtualIdOf(urls: GraphUrls, type: TerminologyType, url: string): string | null {
  const prefix = `${urls.base}/${type}/`;
  if (!url.startsWith(prefix)) return null;
  const id = url.slice(prefix.length);
  return isVirtualId(type, id) ? id : null;
}

/** The virtual ConceptMaps $translate looks through for one code: the named one, or all, each with that code's mappings only. */
export async function virtualMapsFor(db: Queryable, urls: GraphUrls, code: { code: string; reverse: boolean }, url?: string): Promise<Resource[]> {
  if (url !== undefined) {
    const id = virtualIdOf(urls, 'ConceptMap', url);
    const m = id ? await mapKindOf(db, id) : null;
    return m ? [(await fullMap(db, m, urls, 0, code))!] : [];
  }
  const kinds: MapKind[] = [{ kind: 'snomed' }, ...(await relationTypes(db)).map((type) => ({ kind: 'relation' as const, type }))];
  const maps: Resource[] = [];
  for (const m of kinds) {
    const map = (await fullMap(db, m, urls, 0, code))!;
    if (map.group) maps.push(map);
  }
  return maps;
}

/** A whole ConceptMap for an export: null when it has more than `cap` mappings. */
export async function exportMap(db: Queryable, urls: GraphUrls, id: string, cap: number): Promise<Resource | null | 'unknown'> {
  const m = await mapKindOf(db, id);
  if (!m) return 'unknown';
  return fullMap(db, m, urls, cap);
}

/** Every virtual resource of a type, as a search lists them (ConceptMaps without their groups, tagged SUBSETTED). */
async function allVirtual(db: Queryable, urls: GraphUrls, type: TerminologyType): Promise<Resource[]> {
  if (type === 'CodeSystem') return [await graphCodeSystem(db, urls)];
  if (type === 'ValueSet') return (await nodeTypes(db)).map((t) => typeValueSet(t, urls));
  const { lastUpdated } = await lastChange(db);
  const subsetted = (r: Resource) => ({ ...r, meta: { ...(r.meta as object), tag: [SUBSETTED] } });
  return [mapShell({ kind: 'snomed' }, urls, lastUpdated), ...(await relationTypes(db)).map((t) => mapShell({ kind: 'relation', type: t }, urls, lastUpdated))].map(subsetted);
}

/** The virtual resources a search matches, with the stored search's semantics (url, version, name, title, status, _id). */
export async function searchVirtual(db: Queryable, urls: GraphUrls, type: TerminologyType, search: Search): Promise<Resource[]> {
  const all = await allVirtual(db, urls, type);
  return all.filter((r) =>
    search.params.every(({ param, modifier, values }) => {
      const field = param === '_id' ? r.id : r[param];
      if (typeof field !== 'string') return false;
      if ((param === 'name' || param === 'title') && modifier !== 'exact') {
        const v = field.toLowerCase();
        return values.some((a) => (modifier === 'contains' ? v.includes(a.toLowerCase()) : v.startsWith(a.toLowerCase())));
      }
      return values.includes(field);
    }),
  );
}
