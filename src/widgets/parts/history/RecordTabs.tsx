import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { HISTORY_TEXTS as T } from '../../../contract/texts/history';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import { lazyPart } from '../../element/lazy-part';

/** The History panel in its own chunk: fetched when the tab is first opened (bench/bundle budgets). */
export const HistoryPart = lazyPart(
  () => import('./HistoryPanel'),
  (m) => m.HistoryPanel,
  <BlockSpinner label={T.loading} />,
);

type Tab = 'details' | 'history';

/**
 * Details | History tabs on a record's page (node detail, relation edit), by the
 * ARIA tabs pattern: arrow keys move between the tabs, only the chosen panel is rendered.
 */
export function RecordTabs({ label, details, history }: { label: string; details: ReactNode; history: () => ReactNode }) {
  const [tab, setTab] = useState<Tab>('details');
  const id = useId();
  const refs = { details: useRef<HTMLButtonElement>(null), history: useRef<HTMLButtonElement>(null) };
  const tabs: [Tab, string][] = [
    ['details', T.detailsTab],
    ['history', T.tab],
  ];
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: Tab = e.key === 'Home' ? 'details' : e.key === 'End' ? 'history' : tab === 'details' ? 'history' : 'details';
    setTab(next);
    refs[next].current?.focus();
  };
  return (
    <div className="kg-record-tabs">
      <div role="tablist" aria-label={label} className="kg-record-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map(([key, text]) => (
          <button
            key={key}
            ref={refs[key]}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={tab === key}
            aria-controls={`${id}-${key}-panel`}
            tabIndex={tab === key ? 0 : -1}
            className="kg-record-tabs__tab"
            onClick={() => setTab(key)}
            onMouseEnter={key === 'history' ? () => void HistoryPart.preload() : undefined}
          >
            {text}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} className="kg-record-tabs__panel">
        {tab === 'details' ? details : history()}
      </div>
    </div>
  );
}
