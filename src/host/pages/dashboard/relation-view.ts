import type { Relation } from '../../../contract/relations';
import { DASHBOARD_TEXTS } from './texts';

/** The names a relation is shown and searched by, with the spec's fallbacks (§2). */
export const relationName = (r: Relation) => r.relationName?.trim() || DASHBOARD_TEXTS.unnamedRelation;
export const sourceName = (r: Relation) => r.sourceNodeName || r.sourceNode?.name || DASHBOARD_TEXTS.unknownNode;
export const targetName = (r: Relation) => r.targetNodeName || r.targetNode?.name || DASHBOARD_TEXTS.unknownNode;

/** Spec §2: immediate, case-insensitive, over name, type, source name, target name and description. */
export function matchesRelation(r: Relation, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [r.relationName, r.relationType, r.sourceNodeName, r.targetNodeName, r.description].some((v) => v?.toLowerCase().includes(q));
}
