import { useCallback, useMemo } from 'react';
import type { ApiClient } from '../../../api/client';
import { snomedApi } from '../../../api/knowledge/snomed';
import type { SnomedConceptDetail } from '../../../contract/knowledge/snomed';
import { useLoad } from '../../hooks/use-load';

/** GET /snomed/concepts/{conceptId}: loads on mount (a caller keys the component by the id to load another). */
export function useConcept(api: ApiClient, conceptId: string) {
  const calls = useMemo(() => snomedApi(api), [api]);
  const load = useCallback((signal: AbortSignal): Promise<SnomedConceptDetail> => calls.concept(conceptId, signal), [calls, conceptId]);
  return useLoad(load);
}
