/**
 * kg-user-admin's public entry for the host app: the component and the light-DOM styles it needs
 * (its style manifest, user-admin.styles.ts, which the element's shadow
 * root takes too).
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './user-admin.styles';

installStyles(styles);

export { UserAdmin, type UserAdminProps } from './UserAdmin';
