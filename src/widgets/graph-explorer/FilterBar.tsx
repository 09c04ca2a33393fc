import { GRAPH_MESSAGES } from '../../contract/texts/graph';
import { cx } from '../../ui/cx';
import { FilterOffIcon } from './icons';

export interface FilterBarProps {
  nodeTypes: readonly string[];
  relationTypes: readonly string[];
  colors: ReadonlyMap<string, string>;
  selectedNodeTypes: readonly string[];
  selectedRelationTypes: readonly string[];
  onNodeType: (name: string | null) => void;
  onRelationType: (name: string | null) => void;
  onClear: () => void;
}

function ChipGroup(p: { label: string; names: readonly string[]; selected: readonly string[]; colors?: ReadonlyMap<string, string>; onToggle: (name: string | null) => void }) {
  const chip = (name: string | null) => {
    const pressed = name === null ? p.selected.length === 0 : p.selected.includes(name);
    return (
      <button
        key={name ?? '\u0000none'}
        type="button"
        aria-pressed={pressed}
        className={cx('kg-graph-chip', pressed && 'kg-graph-chip--on')}
        title={name ?? undefined}
        onClick={() => p.onToggle(name)}
      >
        {name !== null && p.colors && <span className="kg-graph-dot" style={{ background: p.colors.get(name) }} aria-hidden="true" />}
        <span className="kg-graph-chip__label">{name ?? GRAPH_MESSAGES.none}</span>
      </button>
    );
  };
  return (
    <div className="kg-graph-filters__group" role="group" aria-label={p.label}>
      <span className="kg-graph-filters__label">{p.label}</span>
      <div className="kg-graph-filters__chips">
        {chip(null)}
        {p.names.map(chip)}
      </div>
    </div>
  );
}

/** Spec §2: multi-select chips for node types and relation types, each with 'None'; Clear Filters when any is on. */
export function FilterBar(p: FilterBarProps) {
  const active = p.selectedNodeTypes.length > 0 || p.selectedRelationTypes.length > 0;
  return (
    <div className="kg-graph-filters">
      <ChipGroup label={GRAPH_MESSAGES.nodeTypes} names={p.nodeTypes} selected={p.selectedNodeTypes} colors={p.colors} onToggle={p.onNodeType} />
      <ChipGroup label={GRAPH_MESSAGES.relations} names={p.relationTypes} selected={p.selectedRelationTypes} onToggle={p.onRelationType} />
      {active && (
        <button type="button" className="kg-btn kg-btn--text kg-graph-filters__clear" onClick={p.onClear}>
          <span className="kg-btn__icon">
            <FilterOffIcon size={16} />
          </span>
          {GRAPH_MESSAGES.clearFilters}
        </button>
      )}
    </div>
  );
}
