import { Button } from '../../ui/Button';
import { RefreshIcon, SearchIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import type { TypeTexts } from './texts';

export interface TypeToolbarProps {
  texts: TypeTexts;
  search: string;
  refreshing: boolean;
  onSearch: (value: string) => void;
  onRefresh: () => void;
}

/** The search field ('Search node types...') and Refresh. */
export function TypeToolbar({ texts: T, search, refreshing, onSearch, onRefresh }: TypeToolbarProps) {
  return (
    <div className="kg-admin__filters kg-type-toolbar" role="search" aria-label={`Search ${T.listLabel.toLowerCase()}`}>
      <TextField
        className="kg-admin__search"
        label={T.search}
        type="search"
        placeholder={T.searchPlaceholder}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        endAdornment={<SearchIcon />}
      />
      <div className="kg-admin__filter-actions">
        <Button variant="outlined" startIcon={<RefreshIcon />} disabled={refreshing} loading={refreshing} onClick={onRefresh}>
          {T.refresh}
        </Button>
      </div>
    </div>
  );
}
