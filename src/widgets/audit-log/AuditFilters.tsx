import { useEffect, useState } from 'react';
import type { AuditFilters as Filters } from '../../api/admin/audit';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_LOG_TEXTS as T } from '../../contract/texts/admin/audit';
import { Button } from '../../ui/Button';
import { FilterOffIcon, RefreshIcon } from '../../ui/icons';
import { SelectField } from '../../ui/form/Select';
import { TextField } from '../../ui/form/TextField';

export interface AuditFiltersProps {
  filters: Filters;
  refreshing: boolean;
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  onRefresh: () => void;
}

/** Typed text is applied after a pause, so each keystroke does not ask the server. */
const TYPING_PAUSE_MS = 350;

// Built at render, not at load: read once at load, the labels would stay in the language of that moment.
const actionOptions = () => [{ value: '', label: T.allActions }, ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))];
const entityOptions = () => [{ value: '', label: T.allEntityTypes }, ...Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }))];

/**
 * The log's filters: text search and user (applied as typed, after a pause), action and entity
 * type, and a From–To range of local days. A From day after the To day is not sent (the server
 * would refuse it): the To field says why and the list keeps the last valid range.
 */
export function AuditFilters({ filters, refreshing, onChange, onClear, onRefresh }: AuditFiltersProps) {
  const [draft, setDraft] = useState({ search: filters.search, user: filters.user, from: filters.from, to: filters.to });
  const [applied, setApplied] = useState(filters);
  if (applied !== filters) {
    // Cleared from outside: the fields follow.
    setApplied(filters);
    setDraft({ search: filters.search, user: filters.user, from: filters.from, to: filters.to });
  }
  const datesWrong = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  useEffect(() => {
    if (draft.search === filters.search && draft.user === filters.user) return;
    const timer = setTimeout(() => onChange({ search: draft.search, user: draft.user }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft.search, draft.user, filters.search, filters.user, onChange]);

  const setDate = (patch: { from?: string; to?: string }) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (!(next.from !== '' && next.to !== '' && next.from > next.to)) onChange({ from: next.from, to: next.to });
  };

  return (
    <div className="kg-admin__filters kg-audit__filters" role="search" aria-label={T.filtersLabel}>
      <TextField className="kg-audit__search" label={T.search} type="search" placeholder={T.searchPlaceholder} value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.currentTarget.value })} />
      <TextField label={T.user} placeholder={T.userPlaceholder} value={draft.user} autoComplete="off" onChange={(e) => setDraft({ ...draft, user: e.currentTarget.value })} />
      <SelectField label={T.action} value={filters.action} options={actionOptions()} onChange={(action) => onChange({ action })} />
      <SelectField label={T.entityType} value={filters.entityType} options={entityOptions()} onChange={(entityType) => onChange({ entityType })} />
      <TextField label={T.from} type="date" value={draft.from} onChange={(e) => setDate({ from: e.currentTarget.value })} />
      <TextField label={T.to} type="date" value={draft.to} error={datesWrong ? T.dateOrder : null} onChange={(e) => setDate({ to: e.currentTarget.value })} />
      <div className="kg-admin__filter-actions kg-audit__filter-actions">
        <Button variant="text" startIcon={<FilterOffIcon />} onClick={onClear}>
          {T.clearAll}
        </Button>
        <Button variant="outlined" startIcon={<RefreshIcon />} disabled={refreshing} loading={refreshing} onClick={onRefresh}>
          {T.refresh}
        </Button>
      </div>
    </div>
  );
}
