// What <kg-review-queue> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './review-queue.styles';

export { ReviewQueue as Component } from './ReviewQueue';

export const css = shadowCss(styles);
