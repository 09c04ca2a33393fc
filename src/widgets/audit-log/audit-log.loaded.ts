// What <kg-audit-log> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './audit-log.styles';

export { AuditLog as Component } from './AuditLog';

export const css = shadowCss(styles);
