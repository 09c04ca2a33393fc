import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../../api/client';
import { snomedApi } from '../../../api/knowledge/snomed';
import { typesApi } from '../../../api/knowledge/types';
import { LIMITS } from '../../../contract/limits';
import type { SnomedConceptHit } from '../../../contract/knowledge/snomed';
import { NODE_FORM_TEXTS as T } from '../../../contract/texts/nodes';
import { SNOMED_CONCEPT_TEXTS as C } from '../../../contract/texts/snomed';
import { Button } from '../../../ui/Button';
import { Combobox } from '../../../ui/form/Combobox';
import type { LoadOptions } from '../../../ui/form/use-async-options';
import type { SnomedChoice } from './node-form-logic';
import { useLatest } from '../../../ui/use-latest';
import { ConceptBrowserDialog, ConceptHitMeta } from '../snomed-concept';

interface PickerProps<V> {
  api: ApiClient;
  value: V | null;
  onChange: (value: V | null) => void;
  disabled?: boolean;
  error?: string | null;
  helperText?: string;
}

/**
 * Node Type: the whole type list is fetched once (on first open) and filtered here as the user
 * types. A failed load is only logged (spec §8) and retried on the next open.
 */
export function NodeTypePicker({ api, value, onChange, disabled, error, helperText }: PickerProps<string>) {
  const names = useRef<Promise<string[]> | null>(null);
  const loadOptions = useCallback<LoadOptions<string>>(
    async (query) => {
      names.current ??= typesApi(api, 'node')
        .list()
        .then((types) => types.map((t) => t.name))
        .catch((err: unknown) => {
          names.current = null;
          console.error('Failed to load node types', err);
          return [];
        });
      const q = query.toLowerCase();
      const all = await names.current;
      return { items: q ? all.filter((n) => n.toLowerCase().includes(q)) : all, hasMore: false };
    },
    [api],
  );
  return (
    <Combobox<string>
      label={T.nodeType}
      placeholder={T.nodeTypePlaceholder}
      required
      value={value}
      onChange={onChange}
      loadOptions={loadOptions}
      optionKey={(n) => n}
      optionLabel={(n) => n}
      texts={{ noResults: T.nodeTypeNone }}
      debounceMs={0}
      disabled={disabled}
      error={error}
      helperText={helperText}
    />
  );
}

type SnomedOption = SnomedChoice & Partial<Pick<SnomedConceptHit, 'matchedTerm' | 'semanticTag' | 'active'>>;

const snomedLabel = (o: SnomedChoice) => (o.term ? `${o.code} — ${o.term}` : o.code);

/**
 * SNOMED Code: a concept search (GET /snomed/concepts?by=concept) by code, term or synonym, 20
 * per page, the next page on scrolling to the bottom (spec §4 SNOMED picker). Only active concepts
 * are offered for a new choice; each shows its preferred term, the synonym the search matched and
 * its semantic tag; the node that already has the code is named. "Browse hierarchy" opens the chosen concept's
 * parents and children, and any concept there can be taken instead.
 */
export function SnomedPicker({ api, value, onChange, disabled, error, nodeId }: PickerProps<SnomedChoice> & { nodeId?: string | null }) {
  const calls = useMemo(() => snomedApi(api), [api]);
  const size = LIMITS.snomedPickerPageSize;
  const [browsing, setBrowsing] = useState<string | null>(null);
  const loadOptions = useCallback<LoadOptions<SnomedOption>>(
    async (query, page, signal) => {
      const res = await calls.conceptHits({ page: page + 1, limit: size, search: query, status: 'active' }, signal);
      return {
        items: res.data.map((c) => ({ code: c.concept_id, term: c.term, usedBy: c.usedBy ?? null, matchedTerm: c.matchedTerm, semanticTag: c.semanticTag, active: c.active })),
        hasMore: (page + 1) * size < res.pagination.total,
      };
    },
    [calls, size],
  );

  // A code loaded with the node has no term yet: find it so the field reads 'code — term'.
  const code = value?.term === null ? value.code : null;
  const change = useLatest(onChange);
  useEffect(() => {
    if (!code) return;
    const ac = new AbortController();
    calls.list({ page: 1, limit: 1, search: code }, ac.signal).then(
      (res) => {
        const hit = res.data.find((c) => c.concept_id === code);
        if (hit) change.current({ code, term: hit.term });
      },
      () => undefined, // the bare code stays; nothing to tell the user
    );
    return () => ac.abort();
  }, [calls, code, change]);

  return (
    <div className="kg-node-form__snomed">
      <Combobox<SnomedOption>
        label={T.snomedCode}
        placeholder={T.snomedPlaceholder}
        value={value}
        onChange={onChange}
        loadOptions={loadOptions}
        optionKey={(o) => `code:${o.code}`}
        optionLabel={snomedLabel}
        optionDescription={(o) => (
          <>
            {o.active !== undefined && <ConceptHitMeta hit={{ matchedTerm: o.matchedTerm ?? null, semanticTag: o.semanticTag ?? null, active: o.active }} />}
            {o.usedBy && o.usedBy.id !== nodeId && <span className="kg-node-form__used">{T.snomedUsedBy(o.usedBy.name)}</span>}
          </>
        )}
        texts={{ loading: T.snomedLoading, noResults: T.snomedNone, idle: T.snomedIdle }}
        debounceMs={LIMITS.debounceMs}
        searchOnEmpty={false}
        disabled={disabled}
        error={error}
      />
      {value && (
        <Button variant="text" className="kg-node-form__browse" disabled={disabled} onClick={() => setBrowsing(value.code)}>
          {C.browse}
        </Button>
      )}
      <ConceptBrowserDialog
        api={api}
        conceptId={browsing}
        onClose={() => setBrowsing(null)}
        onChoose={(c) => onChange({ code: c.code, term: c.term, usedBy: null })}
      />
    </div>
  );
}
