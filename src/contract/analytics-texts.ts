import { defineTexts } from './texts';
// zod-free, so the kg-analytics element and the node list can show them without loading zod.

/**
 * Labels of the quality findings (issue 17 item 5), by finding key: the Analytics page's list,
 * the node list's filter chip and the server's findings export (English there).
 */
export const QUALITY_FINDING_LABELS: Readonly<Record<string, string>> = defineTexts('qualityFindings', {
  missingSnomedCode: 'Nodes without SNOMED code',
  missingDescription: 'Nodes without description',
  orphans: 'Nodes without relations (orphans)',
  likelyDuplicates: 'Likely duplicate nodes',
  ruleBreakingRelations: 'Relations breaking a rule',
  snomedDrift: 'SNOMED drift',
});
/** A finding's label; a key without one (added later) shows as its key. */
export const findingLabel = (key: string) => (Object.prototype.hasOwnProperty.call(QUALITY_FINDING_LABELS, key) ? QUALITY_FINDING_LABELS[key] : key);
