/**
 * Relation-type rules on the client, by node type NAME: the one place the
 * relation form and the graph explorer's edge edit decide which relation types and which end
 * nodes to offer, and what to say when none fits. The server judges the same rules by node type
 * id (server/modules/relations/rules.ts, fitsRule); this mirrors it so the screens offer only
 * what the server would accept. Kept free of zod and React so both widget bundles use it.
 */

import { RELATION_RULE_MESSAGES as R } from '../texts/relations';

/** A relation type's rule: node type names per end (empty = any), symmetry, the weight a new relation starts with. */
export interface TypeRule {
  sourceNodeTypes: string[];
  targetNodeTypes: string[];
  symmetric: boolean;
  defaultWeight: number | null;
}

/** lower(relation type name) → its rule. A type missing from the map has no rule (any ends fit). */
export type TypeRules = ReadonlyMap<string, TypeRule>;

/** The key a type's rule is stored under: names are unique without regard to case. */
export const ruleKey = (relationType: string) => relationType.trim().toLowerCase();

/** The rules of relation types as GET /relationtypes returns them (absent fields = no rule). */
export function rulesOf(
  types: readonly { name: string; sourceNodeTypes?: string[]; targetNodeTypes?: string[]; symmetric?: boolean; defaultWeight?: number | null }[],
): Map<string, TypeRule> {
  return new Map(
    types.map((t) => [
      ruleKey(t.name),
      { sourceNodeTypes: t.sourceNodeTypes ?? [], targetNodeTypes: t.targetNodeTypes ?? [], symmetric: t.symmetric ?? false, defaultWeight: t.defaultWeight ?? null },
    ]),
  );
}

/**
 * The node type names a picker may offer for this end of a relation of this rule; null = any.
 * A symmetric type reads both ways, so either end may be of either side's types.
 */
export function allowedEndTypes(rule: TypeRule | undefined, end: 'source' | 'target'): string[] | null {
  if (!rule) return null;
  const own = end === 'source' ? rule.sourceNodeTypes : rule.targetNodeTypes;
  const other = end === 'source' ? rule.targetNodeTypes : rule.sourceNodeTypes;
  if (own.length === 0 || (rule.symmetric && other.length === 0)) return null;
  return rule.symmetric ? [...new Set([...own, ...other])] : own;
}

const allows = (allowed: readonly string[], nodeType: string) => allowed.length === 0 || allowed.some((a) => a.toLowerCase() === nodeType.toLowerCase());

/** Whether a relation from a node of `sourceType` to one of `targetType` fits the rule (a symmetric one either way round). */
export function typeFits(rule: TypeRule | undefined, sourceType: string, targetType: string): boolean {
  if (!rule) return true;
  const fits = (s: string, t: string) => allows(rule.sourceNodeTypes, s) && allows(rule.targetNodeTypes, t);
  return fits(sourceType, targetType) || (rule.symmetric && fits(targetType, sourceType));
}

/**
 * The relation types (in the given order) a relation between these two node types may take.
 * `keep`: the relation's current type stays offered even when it breaks its rule — relations
 * made before a rule are kept and stay editable, as the server allows.
 */
export function fittingTypes(types: readonly string[], rules: TypeRules, sourceType: string, targetType: string, keep?: string): string[] {
  return types.filter((t) => t === keep || typeFits(rules.get(ruleKey(t)), sourceType, targetType));
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/** Why a node picker narrowed by this rule finds nothing; undefined when it does not narrow. */
export const noFittingNodesText = (relationType: string, end: 'source' | 'target', allowed: readonly string[] | null) =>
  allowed ? R.noFittingNodes(relationType, end, quoted(allowed)) : undefined;

/** Why no relation type is offered for these ends (`other`: the current type itself is not offered, being the one to change). */
export const noFittingTypesText = (sourceType: string, targetType: string, other = false) =>
  other ? R.noOtherFittingTypes(sourceType, targetType) : R.noFittingTypes(sourceType, targetType);
