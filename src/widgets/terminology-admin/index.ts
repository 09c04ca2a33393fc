/**
 * kg-terminology's public entry for the host app: the page's component and the light-DOM styles it
 * needs (its style manifest, terminology-admin.styles.ts, which the element's shadow root takes too).
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './terminology-admin.styles';

installStyles(styles);

export { TerminologyAdmin } from './TerminologyAdmin';
