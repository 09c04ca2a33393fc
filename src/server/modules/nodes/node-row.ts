import type { KnowledgeNode, SnomedDriftKind } from '../../../contract';
import { iso } from '../../db/rows';

/** A node as the lists and the CRUD read it, and the SELECT both share. */
export interface NodeRow {
  id: string;
  name: string;
  node_type: string;
  node_type_id: string;
  node_type_color: string;
  snomed_code: string | null;
  url: string | null;
  description: string | null;
  note: string | null;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_username: string | null;
  updated_by: string | null;
  updated_by_username: string | null;
  version: number;
  has_relations: boolean;
  snomed_drift: { kind: SnomedDriftKind; previous_term: string | null; current_term: string | null; detected_at: string } | null;
}

/** hasRelations and the creator's name come from the same query: never one query per node. */
export const NODE_COLUMNS = `
  n.id, n.name, nt.name AS node_type, n.node_type_id, nt.color AS node_type_color, n.snomed_code, n.url, n.description, n.note,
  n.created_at, n.updated_at, n.created_by, u.username AS created_by_username, n.updated_by, n.version,
  (SELECT uu.username FROM users uu WHERE uu.id = n.updated_by) AS updated_by_username,
  (EXISTS (SELECT 1 FROM relations r WHERE r.source_node_id = n.id)
    OR EXISTS (SELECT 1 FROM relations r WHERE r.target_node_id = n.id)) AS has_relations,
  (SELECT json_build_object('kind', d.kind, 'previous_term', d.previous_term, 'current_term', d.current_term, 'detected_at', d.detected_at)
     FROM snomed_drift d WHERE d.node_id = n.id) AS snomed_drift`;
export const NODE_JOINS = `JOIN node_types nt ON nt.id = n.node_type_id LEFT JOIN users u ON u.id = n.created_by`;
export const SELECT_NODE = `SELECT ${NODE_COLUMNS} FROM nodes n ${NODE_JOINS}`;

export function toNode(r: NodeRow): KnowledgeNode {
  return {
    id: r.id,
    name: r.name,
    nodeType: r.node_type,
    nodeTypeId: r.node_type_id,
    nodeTypeColor: r.node_type_color,
    snomedCode: r.snomed_code,
    url: r.url,
    description: r.description,
    note: r.note,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    createdBy: r.created_by,
    createdByUsername: r.created_by_username,
    updatedBy: r.updated_by,
    updatedByUsername: r.updated_by_username,
    version: r.version,
    hasRelations: r.has_relations,
    snomedDrift: r.snomed_drift
      ? { kind: r.snomed_drift.kind, previousTerm: r.snomed_drift.previous_term, currentTerm: r.snomed_drift.current_term, detectedAt: iso(r.snomed_drift.detected_at) }
      : null,
  };
}

