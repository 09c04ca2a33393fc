import type { SnomedConceptHit } from '../../../contract/knowledge/snomed';
import { SNOMED_CONCEPT_TEXTS as T } from '../../../contract/texts/snomed';

/**
 * What a search hit says besides its name: the synonym the search matched ("matched: cardiac
 * failure" under Heart failure), the semantic tag and, for a retired concept, "Inactive".
 */
export function ConceptHitMeta({ hit, showTag = true }: { hit: Pick<SnomedConceptHit, 'matchedTerm' | 'semanticTag' | 'active'>; showTag?: boolean }) {
  if (!hit.matchedTerm && !(showTag && hit.semanticTag) && hit.active) return null;
  return (
    <span className="kg-concept-meta">
      {hit.matchedTerm && <span className="kg-concept-meta__matched">{T.matched(hit.matchedTerm)}</span>}
      {showTag && hit.semanticTag && <span className="kg-concept-meta__tag">{hit.semanticTag}</span>}
      {!hit.active && <span className="kg-chip kg-chip--muted kg-concept-meta__inactive">{T.inactive}</span>}
    </span>
  );
}
