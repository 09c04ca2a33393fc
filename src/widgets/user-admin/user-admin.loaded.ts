// What <kg-user-admin> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './user-admin.styles';

export { UserAdmin as Component } from './UserAdmin';

export const css = shadowCss(styles);
