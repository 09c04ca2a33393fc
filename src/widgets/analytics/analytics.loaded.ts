// What <kg-analytics> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './analytics.styles';

export { Analytics as Component } from './Analytics';

export const css = shadowCss(styles);
