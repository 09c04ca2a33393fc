import { cappedTotalText } from '../../contract/texts/common';
import type { SnomedConcept } from '../../contract/knowledge/snomed';

/** An 8-digit effective time (YYYYMMDD) as YYYY-MM-DD; any other value as it is; nothing as the fallback. */
export function formatEffectiveTime(value: string | null | undefined, fallback: string): string {
  if (value === null || value === undefined || value === '') return fallback;
  return /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;
}

/** How the delete dialog names a concept (spec §2): its term, else its concept id, else its row id. */
export const conceptName = (c: Pick<SnomedConcept, 'term' | 'concept_id' | 'id'>) => c.term || c.concept_id || c.id;

/**
 * The pager's total: the server counts a search's matches only up to a cap (a frequent word
 * matches tens of thousands of descriptions) and says so with `totalCapped`; then the total is
 * a lower bound and reads "more than 1,000".
 */
export const totalText = cappedTotalText;

/** A value or the fallback (N/A) when missing. */
export const orNa = (value: string | null | undefined, fallback: string) => (value === null || value === undefined || value === '' ? fallback : value);
