/**
 * kg-user-admin's public entry for the host app: the component and the light-DOM styles it needs
 * (the same sheets user-admin.styles.ts inlines into the element's shadow root).
 */
import '../../ui/controls.css';
import '../admin.css';
import './user-admin.css';

export { UserAdmin, type UserAdminProps } from './UserAdmin';
