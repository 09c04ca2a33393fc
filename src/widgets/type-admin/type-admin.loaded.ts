// What <kg-type-admin> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './type-admin.styles';

export { TypeAdmin as Component } from './TypeAdmin';

export const css = shadowCss(styles);
