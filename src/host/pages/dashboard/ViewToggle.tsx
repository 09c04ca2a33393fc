import { icon } from '../../../ui/icons';
import type { ViewMode } from './use-dashboard-list';

const GridIcon = icon('GridIcon', <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />);
const TableIcon = icon('TableIcon', <path d="M4 5h16v14H4zM4 10h16M4 14.5h16M9.5 10v9" />);

const MODES = [
  { mode: 'grid', label: 'Grid view', Icon: GridIcon },
  { mode: 'table', label: 'Table view', Icon: TableIcon },
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
