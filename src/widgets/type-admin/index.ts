/**
 * kg-type-admin's public entry for the host app: the component and the light-DOM styles it needs
 * (the same sheets type-admin.styles.ts inlines into the element's shadow root).
 */
import '../../ui/controls.css';
import '../admin.css';
import './type-admin.css';

export { TypeAdmin, type TypeAdminProps } from './TypeAdmin';
