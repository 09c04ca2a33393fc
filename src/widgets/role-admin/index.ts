/**
 * kg-role-admin's public entry for the host app: the component and the light-DOM styles it needs
 * (the same sheets role-admin.styles.ts inlines into the element's shadow root).
 */
import '../../ui/controls.css';
import '../admin.css';
import './role-admin.css';

export { RoleAdmin, type RoleAdminProps } from './RoleAdmin';
