import { defineTexts, icu } from '../define';

// zod-free, so the kg-analytics element and the node list can show them without loading zod.

/**
 * Labels of the quality findings, by finding key: the Analytics page's list,
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

/** The Analytics page's texts. */
export const ANALYTICS_TEXTS = defineTexts('analytics', {
  title: 'Analytics',
  subtitle: 'Growth of the knowledge graph, curation activity and data quality',
  signIn: 'Sign in to see the analytics.',
  denied: 'You do not have permission to view analytics.',
  loadFailed: 'Could not load the analytics.',
  retry: 'Retry',
  nodes: 'Nodes',
  relations: 'Relations',
  nodeTypes: 'Node types',
  relationTypes: 'Relation types',
  relationsWithEvidence: 'Relations with evidence',
  withoutEvidence: icu(['count'], (count: number) => `${count.toLocaleString('en')} without evidence`, '{count, number} without evidence'),
  sinceStart: icu(['change', 'label'], (change: string, label: string) => `${change} since ${label}`),
  totalsOverTime: 'Totals over time',
  interval: 'Interval',
  monthly: 'Monthly',
  weekly: 'Weekly',
  chartSummary: icu(
    ['what', 'from', 'to', 'first', 'last'],
    (what: string, from: string, to: string, first: number, last: number) =>
      `${what} from ${from} to ${to}: ${first.toLocaleString('en')} to ${last.toLocaleString('en')}.`,
    '{what} from {from} to {to}: {first, number} to {last, number}.',
  ),
  showTable: 'Show as table',
  period: 'Period',
  byType: 'By type',
  type: 'Type',
  count: 'Count',
  noTypes: 'No types yet.',
  activity: 'Curation activity per user and week',
  user: 'User',
  total: 'Total',
  noActivity: 'No curation changes in the last 8 weeks.',
  weekOf: icu(['label'], (label: string) => `Week of ${label}`),
  quality: 'Quality findings',
  qualityHint: 'Each finding opens the list of the records it concerns.',
  noFindings: 'No findings.',
  allGood: 'None',
  export: 'Export',
  exportXlsx: 'Findings as Excel (.xlsx)',
  exportCsv: 'Findings as CSV',
  exporting: 'Exporting…',
  exportFailed: 'The export failed. Please try again.',
  chartLoading: 'Loading chart…',
});
