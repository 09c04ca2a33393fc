import type { ReactNode } from 'react';
import { ViewToggle } from './ViewToggle';
import type { ViewMode } from './use-dashboard-list';

/** A dashboard section's title row: heading, grid/table toggle and the add button. */
export function SectionHeader({ id, title, viewLabel, mode, onModeChange, action }: { id: string; title: string; viewLabel: string; mode: ViewMode; onModeChange: (m: ViewMode) => void; action?: ReactNode }) {
  return (
    <header className="kg-dash-section__head">
      <h2 id={id} className="kg-dash-section__title">
        {title}
      </h2>
      <div className="kg-dash-section__tools">
        <ViewToggle value={mode} onChange={onModeChange} label={viewLabel} />
        {action}
      </div>
    </header>
  );
}
