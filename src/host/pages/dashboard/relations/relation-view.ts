import type { Relation } from '../../../../contract/knowledge/relations';
import { DASHBOARD_TEXTS } from '../../../../contract/texts/dashboard';

/** The names a relation is shown and searched by, with the spec's fallbacks (§2). */
export const relationName = (r: Relation) => r.relationName?.trim() || DASHBOARD_TEXTS.unnamedRelation;
export const sourceName = (r: Relation) => r.sourceNodeName || r.sourceNode?.name || DASHBOARD_TEXTS.unknownNode;
export const targetName = (r: Relation) => r.targetNodeName || r.targetNode?.name || DASHBOARD_TEXTS.unknownNode;
