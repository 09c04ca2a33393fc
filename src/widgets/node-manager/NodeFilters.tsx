import type { ApiClient } from '../../api/client';
import { SNOMED_CONCEPT_TEXTS, SNOMED_DRIFT_TEXTS } from '../../contract/texts/snomed';
import { ConceptPicker, type ConceptChoice } from '../parts/snomed-concept';
import { IconButton } from '../../ui/Button';
import { Checkbox } from '../../ui/form/Checkbox';
import { cx } from '../../ui/cx';
import { CloseIcon, SearchIcon } from '../../ui/icons';
import { SelectField } from '../../ui/form/Select';
import type { SortState } from '../../ui/table/table-sort';
import { TextField } from '../../ui/form/TextField';
import { GridViewIcon, TableViewIcon } from './icons';
import { parseSortChoice, qualityFilterLabel, sortChoice, type NodeQualityFilter } from './node-format';
import { NODE_TEXTS as T, SORT_CHOICES } from '../../contract/texts/nodes';

export type NodeLayout = 'table' | 'grid';

export interface NodeFiltersProps {
  api: ApiClient;
  /** The search box's text (applied after the debounce). */
  text: string;
  onText: (text: string) => void;
  nodeType: string;
  typeNames: readonly string[];
  onNodeType: (nodeType: string) => void;
  /** Only the nodes whose SNOMED code an import changed. */
  snomedReview: boolean;
  onSnomedReview: (on: boolean) => void;
  /** Only nodes coded with this concept or one under it in the SNOMED hierarchy. */
  snomedDescendantOf: ConceptChoice | null;
  onSnomedDescendantOf: (concept: ConceptChoice | null) => void;
  layout: NodeLayout;
  onLayout: (layout: NodeLayout) => void;
  sort: SortState;
  onSort: (sort: SortState) => void;
  /** An Analytics quality finding the list is filtered to, shown as a removable chip. */
  quality?: NodeQualityFilter;
  onClearQuality?: () => void;
}

/** Search, the Node Type filter, the SNOMED "descendants of" and review filters, the grid view's sort (the table sorts by its headers) and the table/grid toggle. */
export function NodeFilters(p: NodeFiltersProps) {
  const sortValue = sortChoice(p.sort);
  const known = SORT_CHOICES.some((c) => c.value === sortValue);
  return (
    <div className={cx('kg-admin__filters kg-nodes__filters', p.layout === 'grid' && 'kg-nodes__filters--grid')} role="search" aria-label={T.filtersLabel}>
      <TextField
        className="kg-admin__search"
        label={T.search}
        type="search"
        placeholder={T.searchPlaceholder}
        maxLength={200}
        value={p.text}
        onChange={(e) => p.onText(e.currentTarget.value)}
        endAdornment={<SearchIcon />}
      />
      <SelectField
        className="kg-admin__select"
        label={T.nodeType}
        value={p.nodeType}
        onChange={p.onNodeType}
        options={[{ value: '', label: T.allTypes }, ...p.typeNames.map((name) => ({ value: name, label: name }))]}
      />
      <ConceptPicker
        api={p.api}
        className="kg-nodes__descendant"
        label={SNOMED_CONCEPT_TEXTS.descendantOf}
        value={p.snomedDescendantOf}
        onChange={p.onSnomedDescendantOf}
      />
      <Checkbox className="kg-nodes__review" label={SNOMED_DRIFT_TEXTS.filter} checked={p.snomedReview} onChange={p.onSnomedReview} />
      {p.layout === 'grid' && (
        <SelectField
          className="kg-admin__select"
          label={T.sortBy}
          value={sortValue}
          onChange={(v) => p.onSort(parseSortChoice(v))}
          options={known ? SORT_CHOICES : [...SORT_CHOICES, { value: sortValue, label: `${p.sort.key} (${p.sort.direction})` }]}
        />
      )}
      {p.quality && (
        <span className="kg-nodes__quality">
          {qualityFilterLabel(p.quality)}
          <IconButton label={T.clearQuality} className="kg-nodes__quality-clear" onClick={p.onClearQuality}>
            <CloseIcon />
          </IconButton>
        </span>
      )}
      <div className="kg-nodes__layout" role="group" aria-label={T.viewAs}>
        <IconButton label={T.tableView} aria-pressed={p.layout === 'table'} className={cx(p.layout === 'table' && 'kg-nodes__layout-on')} onClick={() => p.onLayout('table')}>
          <TableViewIcon />
        </IconButton>
        <IconButton label={T.gridView} aria-pressed={p.layout === 'grid'} className={cx(p.layout === 'grid' && 'kg-nodes__layout-on')} onClick={() => p.onLayout('grid')}>
          <GridViewIcon />
        </IconButton>
      </div>
    </div>
  );
}
