import { Button } from '../../ui/Button';
import { FilterOffIcon, RefreshIcon, SearchIcon } from '../../ui/icons';
import { SelectField } from '../../ui/form/Select';
import { TextField } from '../../ui/form/TextField';
import { USER_TEXTS as T } from '../../contract/texts/admin/users';
import { hasFilters, type StatusFilter, type UserFilters as Filters } from './user-list';

export interface UserFiltersProps {
  filters: Filters;
  roleNames: readonly string[];
  refreshing: boolean;
  onChange: (filters: Filters) => void;
  onClear: () => void;
  onRefresh: () => void;
}

/** Search, Role and Status filters, Clear All (only with a filter set) and Refresh. */
export function UserFilters({ filters, roleNames, refreshing, onChange, onClear, onRefresh }: UserFiltersProps) {
  return (
    <div className="kg-admin__filters" role="search" aria-label={T.filtersLabel}>
      <TextField
        className="kg-admin__search"
        label={T.search}
        type="search"
        placeholder={T.searchPlaceholder}
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.currentTarget.value })}
        endAdornment={<SearchIcon />}
      />
      <SelectField
        className="kg-admin__select"
        label={T.role}
        value={filters.role}
        onChange={(role) => onChange({ ...filters, role })}
        options={[{ value: '', label: T.allRoles }, ...roleNames.map((name) => ({ value: name, label: name }))]}
      />
      <SelectField
        className="kg-admin__select"
        label={T.status}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status: status as StatusFilter })}
        options={[
          { value: '', label: T.allStatuses },
          { value: 'active', label: T.active },
          { value: 'inactive', label: T.inactive },
        ]}
      />
      <div className="kg-admin__filter-actions">
        <Button variant="text" startIcon={<FilterOffIcon />} disabled={!hasFilters(filters)} onClick={onClear}>
          {T.clearAll}
        </Button>
        <Button variant="outlined" startIcon={<RefreshIcon />} disabled={refreshing} loading={refreshing} onClick={onRefresh}>
          {T.refresh}
        </Button>
      </div>
    </div>
  );
}
