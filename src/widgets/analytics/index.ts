/**
 * kg-analytics's public entry for the host app: the page's component and the light-DOM styles it
 * needs (its style manifest, analytics.styles.ts, which the element's shadow
 * root takes too).
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './analytics.styles';

installStyles(styles);

export { Analytics } from './Analytics';
