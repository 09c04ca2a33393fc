/**
 * kg-audit-log's public entry for the host app: the component and the light-DOM styles it needs
 * (its style manifest, audit-log.styles.ts, which the element's shadow
 * root takes too).
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './audit-log.styles';

installStyles(styles);

export { AuditLog, type AuditLogProps } from './AuditLog';
