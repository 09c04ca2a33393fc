import type { SnomedConceptDetail, SnomedConceptHit, SnomedConceptRef, SnomedDescription } from '../../../contract/knowledge/snomed';

/** Pure helpers of the concept screens (tested without a DOM). */

/** What a concept is called on screen: its preferred term, or its FSN when asked (either falls back to the other, then the id). */
export function conceptTitle(c: Pick<SnomedConceptHit, 'term' | 'fsn' | 'concept_id'>, fsn = false): string {
  return (fsn ? c.fsn || c.term : c.term || c.fsn) || c.concept_id;
}

/** A parent, child or path entry: its preferred term, else its id. */
export const refTitle = (r: SnomedConceptRef) => r.preferredTerm || r.id;

/** The breadcrumb from the root down to the concept itself (the server's path ends at the parent). */
export function breadcrumb(c: Pick<SnomedConceptDetail, 'pathToRoot' | 'conceptId' | 'preferredTerm'>): SnomedConceptRef[] {
  return [...c.pathToRoot, { id: c.conceptId, preferredTerm: c.preferredTerm }];
}

const TYPE_ORDER: Record<SnomedDescription['type'], number> = { fsn: 0, synonym: 1, definition: 2, other: 3 };
const ACCEPTABILITY_ORDER = (a: SnomedDescription['acceptability']) => (a === 'preferred' ? 0 : a === 'acceptable' ? 1 : 2);

/**
 * A concept's descriptions in reading order: active first; then FSN, synonyms, definitions;
 * preferred before acceptable; then by term.
 */
export function sortDescriptions(list: readonly SnomedDescription[]): SnomedDescription[] {
  return [...list].sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
      ACCEPTABILITY_ORDER(a.acceptability) - ACCEPTABILITY_ORDER(b.acceptability) ||
      a.term.localeCompare(b.term),
  );
}

/**
 * A concept browser's trail of visited concepts: opening another concept pushes it (unless it is
 * already the current one), Back pops; the first concept is never popped.
 */
export function visit(trail: readonly string[], id: string): string[] {
  return trail[trail.length - 1] === id ? [...trail] : [...trail, id];
}
export const back = (trail: readonly string[]): string[] => (trail.length > 1 ? trail.slice(0, -1) : [...trail]);

/** A SNOMED concept id as the server accepts it (1 to 18 digits). */
export const isConceptId = (value: string) => /^\d{1,18}$/.test(value.trim());
