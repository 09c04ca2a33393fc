import { useId } from 'react';

/**
 * Node Type multi-select (spec §2): each type a checkbox styled as a chip, in a labelled
 * group; any checked type matches. Native checkboxes keep keyboard and screen readers simple.
 */
export function NodeTypeFilter({ label, types, value, onChange }: { label: string; types: readonly string[]; value: readonly string[]; onChange: (next: string[]) => void }) {
  const id = useId();
  return (
    <div className="kg-search-types" role="group" aria-labelledby={id}>
      <span id={id} className="kg-field__label">
        {label}
      </span>
      <div className="kg-search-types__list">
        {types.length === 0 && <span className="kg-search-types__none">—</span>}
        {types.map((type) => {
          const checked = value.includes(type);
          return (
            <label key={type} className="kg-search-type" data-checked={checked || undefined}>
              <input
                type="checkbox"
                className="kg-search-type__input"
                checked={checked}
                onChange={(e) => onChange(e.currentTarget.checked ? [...value, type] : value.filter((t) => t !== type))}
              />
              <span>{type}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
