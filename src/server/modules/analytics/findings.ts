import type { QualityFinding } from '../../../contract';
import type { Queryable } from '../../db/db';
import { NODE_QUALITY_CONDITIONS as Q } from '../nodes';
import { countRuleBreakingRelations } from '../relations';
import { countDriftNodes } from '../snomed';

/**
 * The quality findings of GET /analytics/quality, in the page's order: each a key (its label is
 * QUALITY_FINDING_LABELS), how to count it and the host list that shows exactly those records.
 * A further finding is one more entry.
 */
export interface FindingDefinition {
  key: string;
  link: string;
  count(db: Queryable): Promise<number>;
}

const countNodes = (condition: string) => async (db: Queryable) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM nodes n WHERE ${condition}`))[0].n;

export const QUALITY_FINDINGS: readonly FindingDefinition[] = [
  { key: 'missingSnomedCode', link: '/nodes?hasSnomed=false', count: countNodes(Q.withoutSnomedCode) },
  { key: 'missingDescription', link: '/nodes?hasDescription=false', count: countNodes(Q.withoutDescription) },
  { key: 'orphans', link: '/nodes?orphan=true', count: countNodes(Q.orphan) },
  { key: 'likelyDuplicates', link: '/nodes?likelyDuplicate=true', count: countNodes(Q.likelyDuplicate) },
  // Relations made before their type's rule (relations/rules.ts), listed, not deleted.
  { key: 'ruleBreakingRelations', link: '/relations?ruleViolations=true', count: countRuleBreakingRelations },
  // Nodes whose SNOMED code an import retired, inactivated or renamed (snomed/drift.ts).
  { key: 'snomedDrift', link: '/nodes?snomedReview=true', count: countDriftNodes },
];

/** Every finding counted (one after the other: they share the connection of an embedded database). */
export async function qualityFindings(db: Queryable, definitions = QUALITY_FINDINGS): Promise<QualityFinding[]> {
  const out: QualityFinding[] = [];
  for (const f of definitions) out.push({ key: f.key, count: await f.count(db), link: f.link });
  return out;
}
