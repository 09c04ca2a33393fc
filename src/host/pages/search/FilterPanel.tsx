import { SelectField, Spinner, TextField } from '../../../ui';
import { ChevronDownIcon, FilterOffIcon, SearchIcon } from '../../../ui/icons';
import { activeFilterCount, type Flag, type SearchFilters } from './filters';
import { NodeTypeFilter } from './NodeTypeFilter';
import { SEARCH_TEXTS as T } from '../../../contract/texts/search';
import { SNOMED_CONCEPT_TEXTS } from '../../../contract/texts/snomed';
import { ConceptPicker } from '../../../widgets/node-manager';
import { api } from '../../session';

interface FilterPanelProps {
  filters: SearchFilters;
  onChange: (patch: Partial<SearchFilters>) => void;
  onClear: () => void;
  open: boolean;
  onToggle: () => void;
  nodeTypes: readonly string[];
  usernames: readonly string[];
  /** The debounce or a request is pending. */
  busy: boolean;
}

const snomedOptions = [
  { value: '', label: T.allNodes },
  { value: 'true', label: T.withSnomed },
  { value: 'false', label: T.withoutSnomed },
];
const urlOptions = [
  { value: '', label: T.allNodes },
  { value: 'true', label: T.withUrl },
  { value: 'false', label: T.withoutUrl },
];

/** The free-text box, the Filters header (badge, panel toggle, Clear All Filters) and the advanced filters. */
export function FilterPanel({ filters: f, onChange, onClear, open, onToggle, nodeTypes, usernames, busy }: FilterPanelProps) {
  const count = activeFilterCount(f);
  return (
    <section className="kg-search-filters" aria-label={T.filtersRegion}>
      <div className="kg-dash-search">
        <SearchIcon className="kg-dash-search__icon" />
        <input
          type="search"
          className="kg-dash-search__input"
          aria-label={T.searchPlaceholder}
          placeholder={T.searchPlaceholder}
          value={f.text}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
        />
        {busy && <Spinner size={18} label={T.searching} />}
      </div>
      <div className="kg-search-filters__head">
        <h2 className="kg-search-filters__title">
          {T.filters}
          {count > 0 && (
            <span className="kg-search-badge" data-testid="filter-count" aria-label={T.activeFilters(count)}>
              {count}
            </span>
          )}
        </h2>
        <div className="kg-search-filters__tools">
          <button type="button" className="kg-btn kg-btn--text" aria-expanded={open} aria-controls="kg-search-advanced" onClick={onToggle}>
            {open ? T.hideAdvanced : T.showAdvanced}
            <ChevronDownIcon className={open ? 'kg-search-chevron kg-search-chevron--open' : 'kg-search-chevron'} />
          </button>
          <button type="button" className="kg-btn kg-btn--outlined" onClick={onClear} disabled={count === 0}>
            <span className="kg-btn__icon">
              <FilterOffIcon />
            </span>
            {T.clearAll}
          </button>
        </div>
      </div>
      <div id="kg-search-advanced" className="kg-search-advanced" hidden={!open}>
        <NodeTypeFilter label={T.nodeType} types={nodeTypes} value={f.nodeTypes} onChange={(nodeTypes) => onChange({ nodeTypes })} />
        <div className="kg-search-advanced__grid">
          <TextField label={T.snomedCode} placeholder={T.snomedPlaceholder} inputMode="numeric" value={f.snomedCode} onChange={(e) => onChange({ snomedCode: e.currentTarget.value })} />
          <SelectField label={T.hasSnomed} options={snomedOptions} value={f.hasSnomed} onChange={(v) => onChange({ hasSnomed: v as Flag })} />
          <ConceptPicker
            api={api}
            label={SNOMED_CONCEPT_TEXTS.descendantOf}
            value={f.snomedDescendantOf}
            onChange={(snomedDescendantOf) => onChange({ snomedDescendantOf })}
            helperText={SNOMED_CONCEPT_TEXTS.descendantOfHint}
          />
          <SelectField label={T.hasUrl} options={urlOptions} value={f.hasUrl} onChange={(v) => onChange({ hasUrl: v as Flag })} />
          <SelectField
            label={T.createdBy}
            options={[{ value: '', label: T.allUsers }, ...usernames.map((u) => ({ value: u, label: u }))]}
            value={f.createdBy}
            onChange={(createdBy) => onChange({ createdBy })}
          />
          <TextField label={T.createdAfter} type="date" value={f.createdAfter} max={f.createdBefore || undefined} onChange={(e) => onChange({ createdAfter: e.currentTarget.value })} />
          <TextField label={T.createdBefore} type="date" value={f.createdBefore} min={f.createdAfter || undefined} onChange={(e) => onChange({ createdBefore: e.currentTarget.value })} />
        </div>
      </div>
    </section>
  );
}
