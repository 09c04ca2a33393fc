/**
 * kg-snomed-admin's public entry for the host app: the component and the light-DOM styles it needs
 * (its style manifest, snomed-admin.styles.ts, which the element's shadow
 * root takes too).
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './snomed-admin.styles';

installStyles(styles);

export { SnomedAdmin, type SnomedAdminProps } from './SnomedAdmin';
