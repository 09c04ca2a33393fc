// What <kg-terminology> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './terminology-admin.styles';

export { TerminologyAdmin as Component } from './TerminologyAdmin';

export const css = shadowCss(styles);
