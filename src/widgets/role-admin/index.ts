/**
 * kg-role-admin's public entry for the host app: the component and the light-DOM styles it needs
 * (its style manifest, role-admin.styles.ts, which the element's shadow
 * root takes too).
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './role-admin.styles';

installStyles(styles);

export { RoleAdmin, type RoleAdminProps } from './RoleAdmin';
