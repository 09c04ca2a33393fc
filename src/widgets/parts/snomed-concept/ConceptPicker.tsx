import { useCallback, useMemo } from 'react';
import type { ApiClient } from '../../../api/client';
import { snomedApi } from '../../../api/knowledge/snomed';
import { LIMITS } from '../../../contract/limits';
import type { SnomedConceptHit } from '../../../contract/knowledge/snomed';
import { SNOMED_CONCEPT_TEXTS as T } from '../../../contract/texts/snomed';
import { Combobox } from '../../../ui/form/Combobox';
import type { LoadOptions } from '../../../ui/form/use-async-options';
import { ConceptHitMeta } from './ConceptHitMeta';

/** A chosen concept: its code and preferred term (the term may be unknown for a code typed by hand). */
export interface ConceptChoice {
  code: string;
  term: string | null;
}
type Option = ConceptChoice & Partial<Pick<SnomedConceptHit, 'matchedTerm' | 'semanticTag' | 'active'>>;

export const conceptChoiceLabel = (o: ConceptChoice) => (o.term ? `${o.term} (${o.code})` : o.code);

export interface ConceptPickerProps {
  api: ApiClient;
  label: string;
  value: ConceptChoice | null;
  onChange: (value: ConceptChoice | null) => void;
  helperText?: string;
  className?: string;
}

/**
 * Chooses one SNOMED concept (the "descendants of" filters): a concept search (GET
 * /snomed/concepts?by=concept) by term, synonym or code, 20 per page, each hit with the synonym
 * it matched, its semantic tag and "Inactive" for a retired concept.
 */
export function ConceptPicker({ api, label, value, onChange, helperText, className }: ConceptPickerProps) {
  const calls = useMemo(() => snomedApi(api), [api]);
  const size = LIMITS.snomedPickerPageSize;
  const loadOptions = useCallback<LoadOptions<Option>>(
    async (query, page, signal) => {
      const res = await calls.conceptHits({ page: page + 1, limit: size, search: query }, signal);
      return {
        items: res.data.map((h) => ({ code: h.concept_id, term: h.term, matchedTerm: h.matchedTerm, semanticTag: h.semanticTag, active: h.active })),
        hasMore: (page + 1) * size < res.pagination.total,
      };
    },
    [calls, size],
  );
  return (
    <Combobox<Option>
      className={className}
      label={label}
      placeholder={T.descendantOfPlaceholder}
      value={value}
      onChange={onChange}
      loadOptions={loadOptions}
      optionKey={(o) => o.code}
      optionLabel={conceptChoiceLabel}
      optionDescription={(o) => (o.active === undefined ? null : <ConceptHitMeta hit={{ matchedTerm: o.matchedTerm ?? null, semanticTag: o.semanticTag ?? null, active: o.active }} />)}
      texts={{ loading: T.searching, noResults: T.noConcept, idle: T.typeToSearch }}
      clearLabel={T.clear}
      debounceMs={LIMITS.debounceMs}
      searchOnEmpty={false}
      helperText={helperText}
    />
  );
}
