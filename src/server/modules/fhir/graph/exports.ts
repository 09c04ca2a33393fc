import { FHIR_EXPORT_MAX } from '../../../../contract';
import type { Queryable } from '../../../db/db';
import { SNOMED_SYSTEM, type GraphUrls } from './canonical';
import { exportMap, graphCodeSystem, typeValueSet, type Resource } from './virtual';
import { hierarchyRelationType } from './hierarchy';
import { RESERVED_PROPERTIES } from './graph-source';

/**
 * The screens' exports as whole FHIR resources (downloads): nodes as a CodeSystem with its concepts,
 * a node type as a ValueSet (its compose and its expansion at export time), a relation type (or the
 * SNOMED codes) as a ConceptMap. Each is built in memory, so each is capped: above EXPORT_MAX rows
 * the export is refused with a clear message (the FHIR operations page through any size instead).
 */
export const EXPORT_MAX = FHIR_EXPORT_MAX;

export type ExportResult = { resource: Resource } | { tooLarge: number } | { unknown: true };

interface NodeRow {
  id: string;
  name: string;
  description: string | null;
  snomed_code: string | null;
  url: string | null;
  type_name: string;
  type_id: string;
}

const nodesOf = (db: Queryable, nodeTypeId: string | undefined, limit: number) =>
  db.query<NodeRow>(
    `SELECT n.id::text AS id, n.name, n.description, n.snomed_code, n.url, nt.name AS type_name, nt.id::text AS type_id
       FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id WHERE ($1::uuid IS NULL OR n.node_type_id = $1::uuid)
      ORDER BY lower(n.name), n.id LIMIT $2`,
    [nodeTypeId ?? null, limit],
  );

/** All nodes (or a type's) as a CodeSystem with content complete (or fragment: one type's nodes). */
export async function exportCodeSystem(db: Queryable, urls: GraphUrls, nodeTypeId?: string): Promise<ExportResult> {
  if (nodeTypeId && !(await db.query(`SELECT 1 FROM node_types WHERE id = $1::uuid`, [nodeTypeId])).length) return { unknown: true };
  const nodes = await nodesOf(db, nodeTypeId, EXPORT_MAX + 1);
  if (nodes.length > EXPORT_MAX) return { tooLarge: EXPORT_MAX };
  const hierarchy = await hierarchyRelationType(db);
  const relations = await db.query<{ source: string; target: string; type: string; type_id: string }>(
    `SELECT r.source_node_id::text AS source, r.target_node_id::text AS target, t.name AS type, t.id::text AS type_id
       FROM relations r JOIN relation_types t ON t.id = r.relation_type_id JOIN nodes n ON n.id = r.source_node_id
      WHERE ($1::uuid IS NULL OR n.node_type_id = $1::uuid) ORDER BY r.source_node_id, t.name, r.target_node_id LIMIT $2`,
    [nodeTypeId ?? null, EXPORT_MAX * 4 + 1],
  );
  if (relations.length > EXPORT_MAX * 4) return { tooLarge: EXPORT_MAX };
  const bySource = new Map<string, typeof relations>();
  for (const r of relations) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r]);
  const base = await graphCodeSystem(db, urls);
  const { meta: _meta, id: _id, description: _description, ...rest } = base;
  return {
    resource: {
      ...rest,
      description: nodeTypeId ? `The knowledge graph's nodes of the type ${nodes[0]?.type_name ?? ''}, exported` : "The knowledge graph's nodes, exported",
      date: new Date().toISOString(),
      content: nodeTypeId ? 'fragment' : 'complete',
      count: nodes.length,
      concept: nodes.map((n) => {
        const own = bySource.get(n.id) ?? [];
        return {
          code: n.id,
          display: n.name,
          ...(n.description ? { definition: n.description } : {}),
          property: [
            { code: 'type', valueCode: n.type_name },
            ...(n.snomed_code ? [{ code: 'snomed', valueCoding: { system: SNOMED_SYSTEM, code: n.snomed_code } }] : []),
            ...(n.url ? [{ code: 'url', valueString: n.url }] : []),
            ...own.filter((r) => hierarchy && r.type_id === hierarchy.id).map((r) => ({ code: 'parent', valueCode: r.target })),
            ...own.filter((r) => !RESERVED_PROPERTIES.has(r.type)).map((r) => ({ code: r.type, valueCode: r.target })),
          ],
        };
      }),
    },
  };
}

/** A node type as its ValueSet: the compose (the graph filtered by type) and the expansion at export time. */
export async function exportValueSet(db: Queryable, urls: GraphUrls, nodeTypeId: string): Promise<ExportResult> {
  const [type] = await db.query<{ id: string; name: string; updated_at: Date }>(`SELECT id::text AS id, name, updated_at FROM node_types WHERE id = $1::uuid`, [nodeTypeId]);
  if (!type) return { unknown: true };
  const nodes = await nodesOf(db, nodeTypeId, EXPORT_MAX + 1);
  if (nodes.length > EXPORT_MAX) return { tooLarge: EXPORT_MAX };
  const { meta: _meta, id: _id, ...vs } = typeValueSet(type, urls);
  return {
    resource: {
      ...vs,
      date: new Date().toISOString(),
      expansion: {
        timestamp: new Date().toISOString(),
        total: nodes.length,
        parameter: [{ name: 'used-codesystem', valueUri: urls.codeSystem }],
        ...(nodes.length ? { contains: nodes.map((n) => ({ system: urls.codeSystem, code: n.id, display: n.name })) } : {}),
      },
    },
  };
}

/** A relation type's ConceptMap (or, for `snomed`, the nodes' SNOMED codes) with every mapping. */
export async function exportConceptMap(db: Queryable, urls: GraphUrls, mapId: string): Promise<ExportResult> {
  const map = await exportMap(db, urls, mapId, EXPORT_MAX);
  if (map === 'unknown') return { unknown: true };
  if (!map) return { tooLarge: EXPORT_MAX };
  const { meta: _meta, id: _id, ...rest } = map;
  return { resource: { ...rest, date: new Date().toISOString() } };
}
