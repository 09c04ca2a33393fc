import { useId, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { SnomedStatusFilter } from '../../api/knowledge/snomed';
import { SNOMED_CONCEPT_TEXTS as C, SNOMED_TEXTS as T } from '../../contract/texts/snomed';
import { Button, IconButton } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { Switch } from '../../ui/form/Switch';
import { ConceptPicker, type ConceptChoice } from '../parts/snomed-concept';
import type { SnomedView } from './use-snomed-list';
import { CloseIcon, RefreshIcon, SearchIcon } from '../../ui/icons';
import { SelectField } from '../../ui/form/Select';

export interface SnomedFiltersProps {
  api: ApiClient;
  view: SnomedView;
  onView: (view: SnomedView) => void;
  /** Concept view: name concepts by their fully specified name. */
  fsn: boolean;
  onFsn: (fsn: boolean) => void;
  descendantOf: ConceptChoice | null;
  onDescendantOf: (concept: ConceptChoice | null) => void;
  search: string;
  status: SnomedStatusFilter;
  refreshing: boolean;
  onSearch: (search: string) => void;
  onStatus: (status: SnomedStatusFilter) => void;
  /** Clears search and filter and loads again. */
  onRefresh: () => void;
}

/**
 * Search (applied on Enter or the search button; a clear button), the Status filter and Refresh;
 * below them the view (description rows or concepts), FSN naming in the concept view and the
 * "descendants of" filter.
 */
export function SnomedFilters({ api, view, onView, fsn, onFsn, descendantOf, onDescendantOf, search, status, refreshing, onSearch, onStatus, onRefresh }: SnomedFiltersProps) {
  const id = useId();
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    // The applied search changed from outside (Refresh): the box follows.
    setShown(search);
    setText(search);
  }
  return (
    <div className="kg-admin__filters kg-snomed__filters" role="search" aria-label={T.filtersLabel}>
      <form
        className="kg-snomed__search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim());
        }}
      >
        <div className="kg-field">
          <label className="kg-field__label" htmlFor={id}>
            {T.search}
          </label>
          <div className="kg-snomed__search-box">
            <input
              id={id}
              type="search"
              className="kg-field__input"
              placeholder={T.searchPlaceholder}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            {text && (
              <IconButton
                label={T.clearSearch}
                className="kg-snomed__search-clear"
                onClick={() => {
                  setText('');
                  if (search) onSearch('');
                }}
              >
                <CloseIcon size={16} />
              </IconButton>
            )}
            <IconButton label={T.searchButton} type="submit" className="kg-snomed__search-go">
              <SearchIcon />
            </IconButton>
          </div>
        </div>
      </form>
      <SelectField
        className="kg-admin__select"
        label={T.status}
        value={status}
        onChange={(value) => onStatus(value as SnomedStatusFilter)}
        options={[
          { value: '', label: T.allStatuses },
          { value: 'active', label: T.active },
          { value: 'inactive', label: T.inactive },
        ]}
      />
      <div className="kg-admin__filter-actions">
        <Button variant="outlined" startIcon={<RefreshIcon />} disabled={refreshing} loading={refreshing} onClick={onRefresh}>
          {T.refresh}
        </Button>
      </div>
      <div className="kg-snomed__concept-filters">
        <div className="kg-snomed__views" role="group" aria-label={C.viewAs}>
          {(['row', 'concept'] as const).map((v) => (
            <button key={v} type="button" className={cx('kg-snomed__view', view === v && 'kg-snomed__view--on')} aria-pressed={view === v} onClick={() => onView(v)}>
              {v === 'row' ? C.viewRows : C.viewConcepts}
            </button>
          ))}
        </div>
        {view === 'concept' && <Switch className="kg-snomed__fsn" label={C.showFsn} checked={fsn} onChange={onFsn} />}
        <ConceptPicker api={api} className="kg-snomed__descendant" label={C.descendantOf} value={descendantOf} onChange={onDescendantOf} helperText={C.descendantOfHint} />
      </div>
    </div>
  );
}
