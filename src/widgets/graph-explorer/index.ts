/**
 * kg-graph-explorer's public entry for the host app: the component and the light-DOM styles it
 * needs (its style manifest, graph-explorer.styles.ts, which the element's shadow
 * root takes too).
 * The host imports it lazily: force-graph comes with it.
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './graph-explorer.styles';

installStyles(styles);

export { GraphExplorer, type GraphExplorerProps } from './GraphExplorer';
