/**
 * kg-audit-log's public entry for the host app: the component and the light-DOM styles it needs
 * (the same sheets audit-log.styles.ts inlines into the element's shadow root).
 */
import '../../ui/controls.css';
import '../admin.css';
import './audit-log.css';

export { AuditLog, type AuditLogProps } from './AuditLog';
