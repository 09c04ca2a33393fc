import type { Queryable } from '../../db/db';

/**
 * Relation-type rules (migration 0019): the node types a relation of a type may
 * start from and end at (by id, so renaming a node type keeps the rules; empty = any), whether the
 * type is symmetric and the weight a new relation of it starts with. One check, used by the
 * relation API, the bulk relation import and the graph's edit, so they all refuse the same way.
 */
export interface RelationRule {
  relationTypeId: string;
  relationTypeName: string;
  sourceNodeTypeIds: string[];
  targetNodeTypeIds: string[];
  /** One stored relation reads both ways: A→B and B→A are the same relation, and the ends may fit either way round. */
  symmetric: boolean;
  defaultWeight: number | null;
}

interface RuleRow {
  id: string;
  name: string;
  symmetric: boolean;
  default_weight: number | null;
  source_ids: string[] | null;
  target_ids: string[] | null;
}

/** Every relation type's rule in one query (ARRAY subqueries keep it one row per type). */
const SELECT_RULES = `
  SELECT rt.id, rt.name, rt.symmetric, rt.default_weight,
         ARRAY(SELECT x.node_type_id::text FROM relation_type_source_node_types x WHERE x.relation_type_id = rt.id ORDER BY 1) AS source_ids,
         ARRAY(SELECT x.node_type_id::text FROM relation_type_target_node_types x WHERE x.relation_type_id = rt.id ORDER BY 1) AS target_ids
    FROM relation_types rt`;

const toRule = (r: RuleRow): RelationRule => ({
  relationTypeId: r.id,
  relationTypeName: r.name,
  sourceNodeTypeIds: r.source_ids ?? [],
  targetNodeTypeIds: r.target_ids ?? [],
  symmetric: r.symmetric,
  defaultWeight: r.default_weight,
});

/** relation type id → its rule, for all types (bulk import: one query for a whole file). */
export async function loadRelationRules(db: Queryable): Promise<Map<string, RelationRule>> {
  const rows = await db.query<RuleRow>(SELECT_RULES);
  return new Map(rows.map((r) => [r.id, toRule(r)]));
}

export async function loadRelationRule(db: Queryable, relationTypeId: string): Promise<RelationRule | null> {
  const rows = await db.query<RuleRow>(`${SELECT_RULES} WHERE rt.id = $1`, [relationTypeId]);
  return rows[0] ? toRule(rows[0]) : null;
}

/** node type id → name, for the messages. */
export async function loadNodeTypeNames(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; name: string }>('SELECT id, name FROM node_types');
  return new Map(rows.map((r) => [r.id, r.name]));
}

const allows = (allowed: readonly string[], nodeTypeId: string) => allowed.length === 0 || allowed.includes(nodeTypeId);

/** Whether these end types fit the rule as they are, or (symmetric types) the other way round. */
export function fitsRule(rule: RelationRule, sourceNodeTypeId: string, targetNodeTypeId: string): boolean {
  const fits = (s: string, t: string) => allows(rule.sourceNodeTypeIds, s) && allows(rule.targetNodeTypeIds, t);
  return fits(sourceNodeTypeId, targetNodeTypeId) || (rule.symmetric && fits(targetNodeTypeId, sourceNodeTypeId));
}

const names = (ids: readonly string[], typeNames: ReadonlyMap<string, string>) =>
  ids
    .map((id) => typeNames.get(id) ?? id)
    .sort((a, b) => a.localeCompare(b))
    .map((n) => `"${n}"`)
    .join(', ');

/**
 * null when the ends fit, else the message naming the rule that refuses them (the API's 400, the
 * import's skipped-row reason). The first end that cannot fit is named: the source before the target.
 */
export function ruleViolation(rule: RelationRule, sourceNodeTypeId: string, targetNodeTypeId: string, typeNames: ReadonlyMap<string, string>): string | null {
  if (fitsRule(rule, sourceNodeTypeId, targetNodeTypeId)) return null;
  const type = `Relation type "${rule.relationTypeName}"`;
  const either = rule.symmetric ? ' (it is symmetric: either way round)' : '';
  const source = typeNames.get(sourceNodeTypeId) ?? sourceNodeTypeId;
  const target = typeNames.get(targetNodeTypeId) ?? targetNodeTypeId;
  if (!allows(rule.sourceNodeTypeIds, sourceNodeTypeId)) {
    return `${type} allows source node types ${names(rule.sourceNodeTypeIds, typeNames)} only${either}; the source is a "${source}"`;
  }
  return `${type} allows target node types ${names(rule.targetNodeTypeIds, typeNames)} only${either}; the target is a "${target}"`;
}

/** Whether a node of this type may be the given end of a relation of this type (the pickers' filter). */
export function endFits(rule: RelationRule, end: 'source' | 'target', nodeTypeId: string): boolean {
  const own = end === 'source' ? rule.sourceNodeTypeIds : rule.targetNodeTypeIds;
  const other = end === 'source' ? rule.targetNodeTypeIds : rule.sourceNodeTypeIds;
  return allows(own, nodeTypeId) || (rule.symmetric && allows(other, nodeTypeId));
}

function fitsSql(typeId: string, sourceType: string, targetType: string): string {
  const allowsSql = (e: 'source' | 'target', nodeType: string) =>
    `(NOT EXISTS (SELECT 1 FROM relation_type_${e}_node_types x WHERE x.relation_type_id = ${typeId})
      OR EXISTS (SELECT 1 FROM relation_type_${e}_node_types x WHERE x.relation_type_id = ${typeId} AND x.node_type_id = ${nodeType}))`;
  return `(${allowsSql('source', sourceType)} AND ${allowsSql('target', targetType)})`;
}

/**
 * SQL predicate: relation `r` with these end node type expressions breaks its type's rule.
 * BREAKS_RULE_SQL: relation `r` (joined to its source node `s` and target node `t`) breaks its
 * type's rule — the same judgement as fitsRule. Relations made before a rule are kept; this
 * lists them (GET /relations?ruleViolations=true, the Analytics count).
 */
export const breaksRuleSql = (sourceType: string, targetType: string) => `(NOT ${fitsSql('r.relation_type_id', sourceType, targetType)}
  AND NOT (EXISTS (SELECT 1 FROM relation_types y WHERE y.id = r.relation_type_id AND y.symmetric)
           AND ${fitsSql('r.relation_type_id', targetType, sourceType)}))`;
export const BREAKS_RULE_SQL = breaksRuleSql('s.node_type_id', 't.node_type_id');

/** How many relations break their type's rule. */
export async function countRuleBreakingRelations(db: Queryable): Promise<number> {
  const [{ count }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM relations r
       JOIN nodes s ON s.id = r.source_node_id JOIN nodes t ON t.id = r.target_node_id
      WHERE ${BREAKS_RULE_SQL}`,
  );
  return count;
}
