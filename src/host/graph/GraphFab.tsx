import { GraphIcon } from '../../ui/icons';
import { SHELL_TEXTS } from '../../contract/texts/shell';
import { openGraph } from './open-graph';
import './graph-dialog.css';

/** The dashboard's floating button (spec §2 Dashboard): opens the global graph. */
export function GraphFab() {
  return (
    <button type="button" className="kg-graph-fab" aria-label={SHELL_TEXTS.openGraph} title={SHELL_TEXTS.openGraph} onClick={() => openGraph()}>
      <GraphIcon size={24} />
      <span className="kg-graph-fab__text">{SHELL_TEXTS.graph}</span>
    </button>
  );
}
