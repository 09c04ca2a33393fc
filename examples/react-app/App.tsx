import { useState } from 'react';
import type { KgDomEvents } from '../../src/widgets/generated/kg-elements';

type Selection = KgDomEvents['kg-node-select'];
type SessionUser = KgDomEvents['kg-session-change']['user'];

/**
 * A plain React 19 app that uses the kg-* elements like any other tag: attributes from state,
 * kg-* events as `onkg-…` props. Removing focus-node-id (focus = undefined) shows the whole graph.
 */
export function App({ apiBase }: { apiBase: string }) {
  const [user, setUser] = useState<SessionUser | undefined>(undefined);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [focus, setFocus] = useState<string | undefined>(undefined);
  const [log, setLog] = useState<string[]>([]);
  const note = (name: string, detail: unknown) => setLog((l) => [`${name} ${JSON.stringify(detail)}`, ...l].slice(0, 5));

  return (
    <div className="ward">
      <header className="ward__bar">
        <strong>Ward Rounds</strong>
        <span className="ward__who" data-testid="react-user">
          {user === undefined ? 'Checking session…' : user ? `Signed in as ${user.username}` : 'Not signed in'}
        </span>
        <kg-sign-in
          api-base={apiBase}
          onkg-session-change={(e) => {
            setUser(e.detail.user);
            note('kg-session-change', e.detail);
          }}
        />
      </header>
      <main className="ward__main">
        <section className="ward__graph" aria-label="Knowledge graph">
          <kg-graph-explorer
            api-base={apiBase}
            layout="circle"
            focus-node-id={focus}
            onkg-node-select={(e) => {
              setSelection(e.detail);
              note('kg-node-select', e.detail);
            }}
            onkg-navigate={(e) => note('kg-navigate', e.detail)}
          />
        </section>
        <aside className="ward__side">
          <h2>Selected</h2>
          <p data-testid="react-selection">{selection ? `${selection.name} (${selection.nodeType})` : 'Nothing selected.'}</p>
          <div className="ward__actions">
            <button type="button" disabled={!selection} onClick={() => setFocus(selection?.nodeId)}>
              Focus in graph
            </button>
            <button type="button" disabled={!focus} onClick={() => setFocus(undefined)}>
              Whole graph
            </button>
          </div>
          <h2>Events</h2>
          <ol className="ward__log" data-testid="react-events">
            {log.map((line, i) => (
              <li key={`${i}-${line}`}>{line}</li>
            ))}
          </ol>
        </aside>
      </main>
    </div>
  );
}
