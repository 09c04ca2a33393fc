// What <kg-snomed-admin> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './snomed-admin.styles';

export { SnomedAdmin as Component } from './SnomedAdmin';

export const css = shadowCss(styles);
