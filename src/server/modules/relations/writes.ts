import { LIMITS, RELATION_MESSAGES } from '../../../contract';
import type { AuditDetail } from '../../../contract/texts/admin/audit';
import type { AuditedTx } from '../../audit/audited';
import type { Queryable } from '../../db/db';
import { badRequest, notFound } from '../../plugins/errors';
import { loadRelationState, relationEvent } from '../audit-states';
import { refuseDuplicateRelation } from './duplicates';
import { relationRecord } from './record';
import { deleteRelation, existingNodeIds, findRelationTypeId, insertRelation, updateRelation, writeEvidence, type RelationInput } from './repository';
import { loadNodeTypeNames, loadRelationRule, ruleViolation } from './rules';

/**
 * The relation writes and what they must pass, each inside an audited transaction: the routes make
 * them directly, and an approved proposal (modules/review) makes the same ones, with `detail`
 * naming the proposal.
 */

/** Both end nodes and the type must exist; returns the type's id. */
async function checkReferences(db: Queryable, input: RelationInput): Promise<string> {
  const found = await existingNodeIds(db, [input.sourceNodeId, input.targetNodeId]);
  if (!found.has(input.sourceNodeId)) throw badRequest('The source node does not exist', 'unknown_source_node');
  if (!found.has(input.targetNodeId)) throw badRequest('The target node does not exist', 'unknown_target_node');
  const typeId = await findRelationTypeId(db, input.relationType);
  if (!typeId) throw badRequest(`Relation type "${input.relationType}" does not exist`, 'unknown_relation_type');
  return typeId;
}

/**
 * Everything a relation write must pass, in the writing transaction: the references, the type's
 * rule (400 naming it) and no duplicate (409). An update that keeps the ends and the type is not
 * judged again: relations made before a rule stay editable. Returns the type's
 * id and the weight to store (the type's default weight when none was given).
 */
export async function checkRelationWrite(
  tx: Queryable,
  input: RelationInput,
  current: { id: string; sourceNodeId: string; targetNodeId: string; relationTypeId: string } | null,
): Promise<{ typeId: string; weight: number }> {
  const typeId = await checkReferences(tx, input);
  const rule = (await loadRelationRule(tx, typeId))!;
  const weight = input.weight ?? rule.defaultWeight ?? LIMITS.relationWeight.default;
  const keepsEnds =
    current !== null && current.sourceNodeId === input.sourceNodeId && current.targetNodeId === input.targetNodeId && current.relationTypeId === typeId;
  if (keepsEnds) return { typeId, weight };
  const ends = await tx.query<{ id: string; node_type_id: string }>('SELECT id, node_type_id FROM nodes WHERE id = ANY($1::uuid[])', [
    [input.sourceNodeId, input.targetNodeId],
  ]);
  const typeOf = (id: string) => ends.find((n) => n.id === id)!.node_type_id;
  const violation = ruleViolation(rule, typeOf(input.sourceNodeId), typeOf(input.targetNodeId), await loadNodeTypeNames(tx));
  if (violation) throw badRequest(violation, 'relation_rule');
  await refuseDuplicateRelation(tx, { sourceNodeId: input.sourceNodeId, targetNodeId: input.targetNodeId, relationTypeId: typeId, symmetric: rule.symmetric }, current?.id ?? null);
  return { typeId, weight };
}

/** The relation's ends and type now, as checkRelationWrite compares them (null: no such relation). */
export async function currentRelationEnds(db: Queryable, id: string) {
  const [current] = await db.query<{ id: string; sourceNodeId: string; targetNodeId: string; relationTypeId: string }>(
    `SELECT id, source_node_id AS "sourceNodeId", target_node_id AS "targetNodeId", relation_type_id AS "relationTypeId"
       FROM relations WHERE id = $1`,
    [id],
  );
  return current ?? null;
}

export async function createRelationIn({ tx, record }: AuditedTx, input: RelationInput, userId: string, detail: AuditDetail = {}): Promise<string> {
  const { typeId, weight } = await checkRelationWrite(tx, input, null);
  const created = await insertRelation(tx, { ...input, weight }, typeId, userId);
  await writeEvidence(tx, created, input.evidence);
  await record(relationEvent('create', created, null, await loadRelationState(tx, created), detail));
  return created;
}

/** `viewer`: the permissions the 412's current record is shown with. */
export async function updateRelationIn(
  { tx, record, claim }: AuditedTx,
  id: string,
  input: RelationInput,
  expected: number | undefined,
  userId: string,
  viewer: readonly string[],
  detail: AuditDetail = {},
): Promise<void> {
  await claim(relationRecord(viewer), id, expected);
  const current = await currentRelationEnds(tx, id);
  const before = await loadRelationState(tx, id);
  if (!current || !before) throw notFound(RELATION_MESSAGES.notFound);
  const { typeId, weight } = await checkRelationWrite(tx, input, current);
  await updateRelation(tx, id, { ...input, weight }, typeId, userId);
  await writeEvidence(tx, id, input.evidence);
  await record(relationEvent('update', id, before, await loadRelationState(tx, id), detail));
}

export async function deleteRelationIn({ tx, record, claim }: AuditedTx, id: string, expected: number | undefined, viewer: readonly string[], detail: AuditDetail = {}): Promise<void> {
  await claim(relationRecord(viewer), id, expected);
  const before = await loadRelationState(tx, id);
  if (!before || !(await deleteRelation(tx, id))) throw notFound(RELATION_MESSAGES.notFound);
  await record(relationEvent('delete', id, before, null, detail));
}
