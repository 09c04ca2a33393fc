// What <kg-role-admin> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './role-admin.styles';

export { RoleAdmin as Component } from './RoleAdmin';

export const css = shadowCss(styles);
