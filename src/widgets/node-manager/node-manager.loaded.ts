// What <kg-node-manager> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './node-manager.styles';

export { NodeManager as Component } from './NodeManager';

export const css = shadowCss(styles);
