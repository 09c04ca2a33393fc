import { GraphIcon } from '../../ui/icons';
import { openGraph } from './open-graph';
import './graph-dialog.css';

/** The dashboard's floating button (spec §2 Dashboard): opens the global graph. */
export function GraphFab() {
  return (
    <button type="button" className="kg-graph-fab" aria-label="Open knowledge graph" title="Open knowledge graph" onClick={() => openGraph()}>
      <GraphIcon size={24} />
      <span className="kg-graph-fab__text">Knowledge graph</span>
    </button>
  );
}
