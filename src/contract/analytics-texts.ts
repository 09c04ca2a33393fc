// zod-free, so the kg-analytics element and the node list can show them without loading zod.
/** Labels of the findings; a key without one (added later) shows as its key. */
export const QUALITY_FINDING_LABELS: Record<string, string> = {
  missingSnomedCode: 'Nodes without SNOMED code',
  missingDescription: 'Nodes without description',
  orphans: 'Nodes without relations (orphans)',
  likelyDuplicates: 'Likely duplicate nodes',
  ruleBreakingRelations: 'Relations breaking a rule',
  snomedDrift: 'SNOMED drift',
};
export const findingLabel = (key: string) => QUALITY_FINDING_LABELS[key] ?? key;
