import type { ReactNode } from 'react';
import { ErrorState, Spinner } from '../../../ui';
import { SearchIcon } from '../../../ui/icons';
import { SectionHeader } from './SectionHeader';
import { moreThanText } from '../../../contract/texts/common';
import { formatNumber } from '../../../i18n/runtime';
import { DASHBOARD_TEXTS as T, type SectionTexts } from '../../../contract/texts/dashboard';
import type { ViewMode } from './use-dashboard-list';

interface DashboardSectionProps<T> {
  id: string;
  title: string;
  /** The section's search label, spinners' labels, "Showing x of y" line and view switch name. */
  texts: SectionTexts;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  /** The Add button, for those who may. */
  action?: ReactNode;
  search: { placeholder: string; value: string; onChange: (value: string) => void; pending?: boolean };
  list: { items: readonly T[]; total: number; totalCapped?: boolean; loading: boolean; failed: boolean; reload: () => void };
  /** What the grid shows (the search's matches), one card each. */
  cards: readonly T[];
  card: (item: T) => ReactNode;
  gridEmpty: ReactNode;
  table: ReactNode;
  /** False while a search narrows the loaded rows: "Showing x of y" would count the wrong thing. */
  showTotal?: boolean;
  /** The delete dialog. */
  children?: ReactNode;
}

/** Says when more exist than were loaded (15 in the grid, 1000 in the table), rather than hiding it. */
function ShownOf({ shown, total, capped, texts }: { shown: number; total: number; capped?: boolean; texts: SectionTexts }) {
  if (total <= shown && !capped) return null;
  return <p className="kg-dash-more">{texts.shownOf(formatNumber(shown), capped ? moreThanText(total) : formatNumber(total))}</p>;
}

/** A dashboard section (spec §2): title row, search, then the grid or table of what was loaded. */
export function DashboardSection<T>(p: DashboardSectionProps<T>) {
  const loaded = !p.list.loading || p.list.items.length > 0;
  const shownOf = p.showTotal !== false && <ShownOf shown={p.list.items.length} total={p.list.total} capped={p.list.totalCapped} texts={p.texts} />;
  return (
    <section className="kg-dash-section" aria-labelledby={p.id}>
      <SectionHeader id={p.id} title={p.title} viewLabel={p.texts.view} mode={p.mode} onModeChange={p.onModeChange} action={p.action} />
      <div className="kg-dash-search">
        <SearchIcon className="kg-dash-search__icon" />
        <input
          type="search"
          className="kg-dash-search__input"
          aria-label={p.texts.search}
          placeholder={p.search.placeholder}
          value={p.search.value}
          onChange={(e) => p.search.onChange(e.currentTarget.value)}
        />
        {p.search.pending && <Spinner size={18} label={p.texts.searching} />}
      </div>
      {p.list.failed && <ErrorState text={T.loadFailed} retryLabel={T.retry} onRetry={p.list.reload} />}
      {p.list.failed && p.list.items.length === 0 ? null : !loaded ? (
        <div className="kg-dash-loading">
          <Spinner size={28} label={p.texts.loading} />
        </div>
      ) : p.mode === 'grid' ? (
        p.cards.length === 0 ? (
          <div className="kg-dash-empty">{p.gridEmpty}</div>
        ) : (
          <>
            <div className="kg-dash-grid" aria-busy={p.list.loading || undefined}>
              {p.cards.map(p.card)}
            </div>
            {shownOf}
          </>
        )
      ) : (
        <>
          {p.table}
          {shownOf}
        </>
      )}
      {p.children}
    </section>
  );
}
