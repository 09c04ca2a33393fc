import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../contract/limits';
import { RELATION_RULE_MESSAGES as R, RELATION_TEXTS as T } from '../../contract/texts/relations';
import { Checkbox } from '../../ui/form/Checkbox';
import { SearchIcon } from '../../ui/icons';
import { SelectField } from '../../ui/form/Select';
import { useLatest } from '../../ui/use-latest';

export interface RelationFiltersProps {
  search: string;
  relationType: string;
  relationTypes: readonly string[];
  onSearch: (search: string) => void;
  onRelationType: (relationType: string) => void;
  ruleViolations: boolean;
  onRuleViolations: (only: boolean) => void;
}

/** Search (sent to the server after a 300 ms pause in typing) and the relation type filter. */
export function RelationFilters({ search, relationType, relationTypes, onSearch, onRelationType, ruleViolations, onRuleViolations }: RelationFiltersProps) {
  const id = useId();
  const [text, setText] = useState(search);
  const applied = useRef(search);
  const latest = useLatest(onSearch);

  useEffect(() => {
    const next = text.trim();
    if (next === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = next;
      latest.current(next);
    }, LIMITS.debounceMs);
    return () => clearTimeout(timer);
  }, [text, latest]);

  return (
    <div className="kg-admin__filters kg-relations__filters" role="search" aria-label={T.filtersLabel}>
      <div className="kg-field kg-admin__search">
        <label className="kg-field__label" htmlFor={id}>
          {T.search}
        </label>
        <div className="kg-field__control kg-relations__search">
          <span className="kg-relations__search-icon" aria-hidden="true">
            <SearchIcon size={18} />
          </span>
          <input id={id} type="search" className="kg-field__input" placeholder={T.searchPlaceholder} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        </div>
      </div>
      <SelectField
        className="kg-admin__select"
        label={T.typeFilter}
        value={relationType}
        onChange={onRelationType}
        options={[{ value: '', label: T.allTypes }, ...relationTypes.map((t) => ({ value: t, label: t }))]}
      />
      <Checkbox className="kg-relations__rule-filter" label={R.ruleViolationsFilter} checked={ruleViolations} onChange={onRuleViolations} />
    </div>
  );
}
