/**
 * kg-graph-explorer's public entry for the host app: the component and the light-DOM styles it
 * needs (the same sheets graph-explorer.element.ts inlines into the element's shadow root).
 * The host imports it lazily: force-graph comes with it.
 */
import '../../ui/controls.css';
import './graph-explorer.css';

export { GraphExplorer, type GraphExplorerProps } from './GraphExplorer';
