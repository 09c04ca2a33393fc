/**
 * Relations: the relation CRUD, the relation rules between node types and the routes. Types,
 * analytics, history and the relation import read relations and check rules through here.
 */
export { RELATION_COUNT_CAP, EVIDENCE_JSON_SQL, toEvidence, writeEvidence, getRelation, listRelations, relationsOfNode, toRelation, type RelationInput, type RelationListQuery } from './repository';
export {
  BREAKS_RULE_SQL,
  breaksRuleSql,
  countRuleBreakingRelations,
  endFits,
  fitsRule,
  loadNodeTypeNames,
  loadRelationRule,
  loadRelationRules,
  ruleViolation,
  type RelationRule,
} from './rules';
export { relationRecord } from './record';
export { relationRoutes } from './routes';
export { checkRelationWrite, createRelationIn, currentRelationEnds, deleteRelationIn, updateRelationIn } from './writes';
