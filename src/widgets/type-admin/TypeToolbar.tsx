import { Button } from '../../ui/Button';
import { RefreshIcon, SearchIcon } from '../../ui/icons';
import { TextField } from '../../ui/form/TextField';
import type { TypeTexts } from '../../contract/texts/admin/types';

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
    <div className="kg-admin__filters kg-type-toolbar" role="search" aria-label={T.searchRegion}>
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
        <Button variant="outlined" className="kg-type-toolbar__refresh" title={T.refresh} startIcon={<RefreshIcon />} disabled={refreshing} loading={refreshing} onClick={onRefresh}>
          {/* Icon-only in a narrow box (the search placeholder needs the room); the text stays the accessible name. */}
          <span className="kg-type-toolbar__refresh-text">{T.refresh}</span>
        </Button>
      </div>
    </div>
  );
}
