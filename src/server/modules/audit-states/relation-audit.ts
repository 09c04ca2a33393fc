import type { Evidence } from '../../../contract/knowledge/relation-evidence';
import type { AuditDetail } from '../../../contract/texts/admin/audit';
import type { AuditEventInput, FieldChange } from '../../audit/events';
import { fieldChanges } from '../../audit/record';
import type { Queryable } from '../../db/db';

/**
 * What the audit trail keeps of a relation: its fields as the API names them, the ids a
 * restore needs (ends, type) and the end nodes' names for the history to read. Every relation
 * event's `detail.state` holds it right after the change (before it, for a delete). The note is in
 * here; the history passes changes through relationFieldsFor (contract/relation-notes.ts).
 */
export interface RelationState {
  sourceNodeId: string;
  targetNodeId: string;
  sourceNodeName: string;
  targetNodeName: string;
  relationName: string;
  relationType: string;
  relationTypeId: string | null;
  weight: number;
  url: string | null;
  description: string | null;
  note: string | null;
  /**
   * Its sources (null: none), so that an evidence change is a change of the relation in its
   * history and a restore brings the evidence back. Events written before evidence existed have
   * no key: a restore to them leaves the evidence as it is.
   */
  evidence?: Evidence[] | null;
}

/** The fields a relation's history lists. The ends show by name; the ids stay in the state. */
export const RELATION_AUDIT_FIELDS = ['relationName', 'relationType', 'sourceNodeName', 'targetNodeName', 'weight', 'url', 'description', 'note', 'evidence'] as const;

export function relationChanges(before: RelationState | null, after: RelationState | null): FieldChange[] {
  const changes = fieldChanges<RelationState>(before, after, RELATION_AUDIT_FIELDS);
  // Two nodes of the same name: the end changed even though the name did not.
  for (const end of ['sourceNode', 'targetNode'] as const) {
    const field = `${end}Name` as const;
    if ((before?.[`${end}Id`] ?? null) !== (after?.[`${end}Id`] ?? null) && !changes.some((c) => c.field === field)) {
      changes.push({ field, before: before?.[field] ?? null, after: after?.[field] ?? null });
    }
  }
  return changes;
}

interface Row {
  id: string;
  source_node_id: string;
  target_node_id: string;
  source_name: string;
  target_name: string;
  relation_name: string;
  relation_type: string;
  relation_type_id: string;
  weight: number;
  url: string | null;
  description: string | null;
  note: string | null;
  evidence: { source: string; quote: string | null; grade: Evidence['grade'] | null }[] | string | null;
}

const SELECT = `
  SELECT r.id, r.source_node_id, r.target_node_id, s.name AS source_name, t.name AS target_name, r.relation_name,
         rt.name AS relation_type, r.relation_type_id, r.weight, r.url, r.description, r.note,
         (SELECT json_agg(json_build_object('source', e.source, 'quote', e.quote, 'grade', e.grade) ORDER BY e.seq)
            FROM relation_evidence e WHERE e.relation_id = r.id) AS evidence
    FROM relations r JOIN relation_types rt ON rt.id = r.relation_type_id
    JOIN nodes s ON s.id = r.source_node_id JOIN nodes t ON t.id = r.target_node_id`;

const toState = (r: Row): RelationState => ({
  sourceNodeId: r.source_node_id,
  targetNodeId: r.target_node_id,
  sourceNodeName: r.source_name,
  targetNodeName: r.target_name,
  relationName: r.relation_name,
  relationType: r.relation_type,
  relationTypeId: r.relation_type_id,
  weight: r.weight,
  url: r.url,
  description: r.description,
  note: r.note,
  evidence: evidenceOf(r.evidence),
});

function evidenceOf(value: Row['evidence']): Evidence[] | null {
  const list = typeof value === 'string' ? (JSON.parse(value) as Exclude<Row['evidence'], string>) : value;
  if (!list?.length) return null;
  return list.map((e) => ({ source: e.source, ...(e.quote ? { quote: e.quote } : {}), ...(e.grade ? { grade: e.grade } : {}) }));
}

export async function loadRelationState(db: Queryable, id: string): Promise<RelationState | null> {
  const [row] = await db.query<Row>(`${SELECT} WHERE r.id = $1`, [id]);
  return row ? toState(row) : null;
}

/** Every relation touching a node (both directions), with its id: what a node's delete removes. */
export async function relationStatesOfNode(db: Queryable, nodeId: string): Promise<(RelationState & { id: string })[]> {
  const rows = await db.query<Row>(`${SELECT} WHERE r.source_node_id = $1 OR r.target_node_id = $1 ORDER BY r.created_at, r.id`, [nodeId]);
  return rows.map((r) => ({ id: r.id, ...toState(r) }));
}

/** A relation event: the changed fields, and the state a restore returns to (after the change; before it for a delete). */
export function relationEvent(action: string, id: string, before: RelationState | null, after: RelationState | null, detail: AuditDetail = {}): AuditEventInput {
  return { action, entityType: 'relation', entityId: id, changes: relationChanges(before, after), detail: { state: after ?? before, ...detail } };
}
