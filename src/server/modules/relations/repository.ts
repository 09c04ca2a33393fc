import type { z } from 'zod';
import { relationFieldsFor, type Evidence, type Relation, type RelationListQuerySchema, type RelationSaveSchema } from '../../../contract';
import type { Queryable } from '../../db/db';
import { iso, likePattern } from '../../db/rows';
import { BREAKS_RULE_SQL, breaksRuleSql } from './rules';

export type RelationListQuery = z.output<typeof RelationListQuerySchema>;
export type RelationInput = z.output<typeof RelationSaveSchema>;

interface RelationRow {
  id: string;
  source_node_id: string;
  target_node_id: string;
  relation_name: string;
  relation_type: string;
  relation_type_id: string;
  relation_type_symmetric: boolean;
  weight: number;
  url: string | null;
  description: string | null;
  note: string | null;
  evidence: EvidenceRow[] | string | null;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  updated_by: string | null;
  updated_by_username: string | null;
  version: number;
  source_name: string;
  source_type: string;
  source_type_color: string;
  source_snomed: string | null;
  target_name: string;
  target_type: string;
  target_type_color: string;
  target_snomed: string | null;
}

interface EvidenceRow {
  source: string;
  quote: string | null;
  grade: Evidence['grade'] | null;
}

/** A relation's evidence as one JSON array, in its order (the primary key's index reads it). */
export const EVIDENCE_JSON_SQL = (alias: string) => `(SELECT coalesce(json_agg(json_build_object('source', e.source, 'quote', e.quote, 'grade', e.grade) ORDER BY e.seq), '[]'::json)
           FROM relation_evidence e WHERE e.relation_id = ${alias}.id)`;

/** Evidence rows as answers carry them: quote and grade only when given. */
export function toEvidence(rows: EvidenceRow[] | string | null): Evidence[] {
  const list = typeof rows === 'string' ? (JSON.parse(rows) as EvidenceRow[]) : (rows ?? []);
  return list.map((e) => ({ source: e.source, ...(e.quote ? { quote: e.quote } : {}), ...(e.grade ? { grade: e.grade } : {}) }));
}

/** Relations with both end nodes and their types, in one query. */
const SELECT_RELATION = `
  SELECT r.id, r.source_node_id, r.target_node_id, r.relation_name, rt.name AS relation_type, r.relation_type_id,
         rt.symmetric AS relation_type_symmetric,
         r.weight, r.url, r.description, r.note, ${EVIDENCE_JSON_SQL('r')} AS evidence, r.created_at, r.updated_at, r.created_by, r.updated_by, r.version,
         (SELECT u.username FROM users u WHERE u.id = r.updated_by) AS updated_by_username,
         s.name AS source_name, st.name AS source_type, st.color AS source_type_color, s.snomed_code AS source_snomed,
         t.name AS target_name, tt.name AS target_type, tt.color AS target_type_color, t.snomed_code AS target_snomed
    FROM relations r
    JOIN relation_types rt ON rt.id = r.relation_type_id
    JOIN nodes s ON s.id = r.source_node_id JOIN node_types st ON st.id = s.node_type_id
    JOIN nodes t ON t.id = r.target_node_id JOIN node_types tt ON tt.id = t.node_type_id`;

/**
 * The one serializer of a relation, for the permissions of whoever receives it: the internal note is
 * left out (the key, not just the value) unless they may see it (relationFieldsFor in
 * contract/relation-notes.ts, which socket events, history, audit and exports must use too).
 */
export function toRelation(r: RelationRow, viewer: readonly string[]): Relation {
  const sourceNode = { id: r.source_node_id, name: r.source_name, nodeType: r.source_type, nodeTypeColor: r.source_type_color, snomedCode: r.source_snomed };
  const targetNode = { id: r.target_node_id, name: r.target_name, nodeType: r.target_type, nodeTypeColor: r.target_type_color, snomedCode: r.target_snomed };
  return relationFieldsFor({
    id: r.id,
    sourceNodeId: r.source_node_id,
    targetNodeId: r.target_node_id,
    relationName: r.relation_name,
    relationType: r.relation_type,
    relationTypeId: r.relation_type_id,
    symmetric: r.relation_type_symmetric,
    weight: r.weight,
    url: r.url,
    description: r.description,
    note: r.note,
    evidence: toEvidence(r.evidence),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    createdBy: r.created_by,
    updatedBy: r.updated_by,
    updatedByUsername: r.updated_by_username,
    version: r.version,
    sourceNodeName: r.source_name,
    targetNodeName: r.target_name,
    sourceNode,
    targetNode,
  }, viewer);
}

const ORDER: Record<RelationListQuery['sortBy'], string> = {
  relationName: 'lower(r.relation_name)',
  relationType: 'lower(rt.name)',
  createdAt: 'r.created_at',
  weight: 'r.weight',
};

/**
 * Counted up to this many (or the end of the page asked for), as the node list does
 * (nodes/list-query.ts NODE_COUNT_CAP), with `totalCapped` beyond. Higher than the node list's:
 * the dashboard loads up to 1,000 relations and says "Showing 1,000 of 1,342", and counting
 * 10,000 relations without the joins costs about a millisecond.
 */
export const RELATION_COUNT_CAP = 10_000;

export async function listRelations(db: Queryable, q: RelationListQuery): Promise<{ rows: RelationRow[]; total: number; totalCapped: boolean }> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (q.relationType) {
    params.push(q.relationType);
    clauses.push(`lower(rt.name) = lower($${params.length})`);
  }
  if (q.nodeId) {
    params.push(q.nodeId);
    clauses.push(`(r.source_node_id = $${params.length} OR r.target_node_id = $${params.length})`);
  }
  if (q.ruleViolations) clauses.push(BREAKS_RULE_SQL);
  const search = q.search?.trim();
  // Never match r.note here: a search would reveal internal notes to readers who may not see them.
  if (search) {
    params.push(likePattern(search));
    const p = `$${params.length}`;
    clauses.push(`(r.relation_name ILIKE ${p} OR rt.name ILIKE ${p} OR s.name ILIKE ${p} OR t.name ILIKE ${p} OR r.description ILIKE ${p})`);
  }
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  // An exact count of three million relations reads them all on every page: count up to the cap.
  const cap = Math.max(RELATION_COUNT_CAP, q.skip + q.limit);
  // The end nodes are joined only when the search or the rule check needs them (both always exist).
  const ends = search || q.ruleViolations ? 'JOIN nodes s ON s.id = r.source_node_id JOIN nodes t ON t.id = r.target_node_id' : '';
  const [rows, count] = await Promise.all([
    db.query<RelationRow>(
      `${SELECT_RELATION} ${where} ORDER BY ${ORDER[q.sortBy]} ${dir}, r.id ${dir} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, q.skip],
    ),
    db.query<{ matched: number }>(
      `SELECT count(*)::int AS matched FROM (SELECT 1 FROM relations r JOIN relation_types rt ON rt.id = r.relation_type_id
         ${ends} ${where} LIMIT ${cap + 1}) x`,
      params,
    ),
  ]);
  const matched = count[0].matched;
  return { rows, total: Math.min(matched, cap), totalCapped: matched > cap };
}

export async function getRelation(db: Queryable, id: string): Promise<RelationRow | null> {
  return (await db.query<RelationRow>(`${SELECT_RELATION} WHERE r.id = $1`, [id]))[0] ?? null;
}

/** Both directions of one node, for GET /nodes/{id}/relations. */
export async function relationsOfNode(db: Queryable, nodeId: string): Promise<RelationRow[]> {
  return db.query<RelationRow>(
    `${SELECT_RELATION} WHERE r.source_node_id = $1
     UNION ALL ${SELECT_RELATION} WHERE r.target_node_id = $1 AND r.source_node_id <> $1
     ORDER BY created_at DESC`,
    [nodeId],
  );
}

export async function findRelationTypeId(db: Queryable, name: string): Promise<string | null> {
  return (await db.query<{ id: string }>('SELECT id FROM relation_types WHERE lower(name) = lower($1)', [name]))[0]?.id ?? null;
}

export async function findNodeTypeId(db: Queryable, name: string): Promise<string | null> {
  return (await db.query<{ id: string }>('SELECT id FROM node_types WHERE lower(name) = lower($1)', [name]))[0]?.id ?? null;
}

/** Which of these node ids exist. */
export async function existingNodeIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (valid.length === 0) return new Set();
  const rows = await db.query<{ id: string }>('SELECT id FROM nodes WHERE id = ANY($1::uuid[])', [valid]);
  return new Set(rows.map((r) => r.id));
}

export async function insertRelation(db: Queryable, input: RelationInput, typeId: string, userId: string): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name, weight, url, description, note, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
    [input.sourceNodeId, input.targetNodeId, typeId, input.relationName, input.weight, input.url ?? null, input.description ?? null, input.note ?? null, userId],
  );
  return rows[0].id;
}

export async function updateRelation(db: Queryable, id: string, input: RelationInput, typeId: string, userId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE relations SET source_node_id = $2, target_node_id = $3, relation_type_id = $4, relation_name = $5, weight = $6,
            url = $7, description = $8, note = $9, updated_by = $10, updated_at = now()
      WHERE id = $1 RETURNING id`,
    [id, input.sourceNodeId, input.targetNodeId, typeId, input.relationName, input.weight, input.url ?? null, input.description ?? null, input.note ?? null, userId],
  );
  return rows.length > 0;
}

/**
 * Replaces a relation's evidence with `evidence` (in the writing transaction, after the version
 * claim: an evidence change is a change of the relation). Undefined leaves it as it is.
 */
export async function writeEvidence(db: Queryable, relationId: string, evidence: readonly Evidence[] | undefined): Promise<void> {
  if (evidence === undefined) return;
  await db.query('DELETE FROM relation_evidence WHERE relation_id = $1', [relationId]);
  if (evidence.length === 0) return;
  await db.query(
    `INSERT INTO relation_evidence (relation_id, seq, source, quote, grade)
     SELECT $1, e.seq - 1, e.source, e.quote, e.grade
       FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS e(source, quote, grade, seq)`,
    [relationId, evidence.map((e) => e.source), evidence.map((e) => e.quote ?? null), evidence.map((e) => e.grade ?? null)],
  );
}

export async function deleteRelation(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM relations WHERE id = $1 RETURNING id', [id])).length > 0;
}

/**
 * The relations of a node that fit their type's rule now and would break it were the node of
 * type `nodeTypeId` (the node form's warning before a type change).
 */
export async function relationsBrokenByTypeChange(db: Queryable, nodeId: string, nodeTypeId: string): Promise<RelationRow[]> {
  const end = (alias: 's' | 't', column: string) => `CASE WHEN r.${column} = $1 THEN $2::uuid ELSE ${alias}.node_type_id END`;
  const after = breaksRuleSql(end('s', 'source_node_id'), end('t', 'target_node_id'));
  return db.query<RelationRow>(
    `${SELECT_RELATION} WHERE (r.source_node_id = $1 OR r.target_node_id = $1) AND NOT ${BREAKS_RULE_SQL} AND ${after}
      ORDER BY lower(r.relation_name), r.id`,
    [nodeId, nodeTypeId],
  );
}
