import { PROPOSAL_STATES } from '../../contract/knowledge/review';
import { REVIEW_QUEUE_TEXTS as T } from '../../contract/texts/knowledge/review-queue';
import { Button } from '../../ui/Button';
import { FilterOffIcon, RefreshIcon } from '../../ui/icons';
import { SelectField } from '../../ui/form/Select';
import type { QueueFilters as Filters } from './use-review-queue';

export interface QueueFiltersProps {
  filters: Filters;
  /** Node and relation type names. */
  types: readonly string[];
  proposers: readonly { id: string; name: string }[];
  refreshing: boolean;
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  onRefresh: () => void;
}

export const AGE_DAYS = [1, 7, 30] as const;

/** State (submitted by default), type, proposer and age; each applies at once. */
export function QueueFilters({ filters, types, proposers, refreshing, onChange, onClear, onRefresh }: QueueFiltersProps) {
  // Built at render: the labels follow the active language.
  const stateOptions = [{ value: '', label: T.allStates }, ...PROPOSAL_STATES.map((s) => ({ value: s, label: T.states[s] }))];
  const typeOptions = [{ value: '', label: T.allTypes }, ...[...new Set([...types, ...(filters.type ? [filters.type] : [])])].map((t) => ({ value: t, label: t }))];
  const proposerOptions = [{ value: '', label: T.allProposers }, ...proposers.map((p) => ({ value: p.id, label: p.name }))];
  const ageOptions = [{ value: '', label: T.anyAge }, ...AGE_DAYS.map((d) => ({ value: String(d), label: T.olderThan(d) }))];
  return (
    <div className="kg-admin__filters kg-review__filters" role="search" aria-label={T.filters}>
      <SelectField label={T.filterState} value={filters.state} options={stateOptions} onChange={(v) => onChange({ state: v as Filters['state'] })} />
      <SelectField label={T.filterType} value={filters.type} options={typeOptions} onChange={(type) => onChange({ type })} />
      <SelectField label={T.filterProposer} value={filters.proposer} options={proposerOptions} onChange={(proposer) => onChange({ proposer })} />
      <SelectField label={T.filterAge} value={filters.olderThanDays} options={ageOptions} onChange={(olderThanDays) => onChange({ olderThanDays })} />
      <div className="kg-admin__filter-actions kg-review__filter-actions">
        <Button variant="text" startIcon={<FilterOffIcon />} onClick={onClear}>
          {T.clearFilters}
        </Button>
        <Button variant="outlined" startIcon={<RefreshIcon />} disabled={refreshing} loading={refreshing} onClick={onRefresh}>
          {T.refresh}
        </Button>
      </div>
    </div>
  );
}
