import { GridViewIcon as GridIcon, TableViewIcon as TableIcon } from '../../../ui/icons';
import type { ViewMode } from './use-dashboard-list';

import { DASHBOARD_TEXTS } from '../../../contract/texts/dashboard';

/** Each label is read when shown (the active language). */
const MODES = [
  { mode: 'grid', get label(): string { return DASHBOARD_TEXTS.gridView; }, Icon: GridIcon },
  { mode: 'table', get label(): string { return DASHBOARD_TEXTS.tableView; }, Icon: TableIcon },
] as const;

/** The grid/table switch of a dashboard section: two toggle buttons, the current one pressed. */
export function ViewToggle({ value, onChange, label }: { value: ViewMode; onChange: (mode: ViewMode) => void; label: string }) {
  return (
    <div className="kg-view-toggle" role="group" aria-label={label}>
      {MODES.map(({ mode, label: text, Icon }) => (
        <button
          key={mode}
          type="button"
          className="kg-view-toggle__btn"
          aria-pressed={value === mode}
          aria-label={text}
          title={text}
          onClick={() => value !== mode && onChange(mode)}
        >
          <Icon />
        </button>
      ))}
    </div>
  );
}
