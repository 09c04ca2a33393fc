/**
 * kg-review-queue's public entry for the host app: the queue's component and the light-DOM styles
 * it needs (its style manifest, review-queue.styles.ts, which the element's shadow root takes too).
 */
import '../../ui/controls.css';
import { installStyles } from '../styles/light-styles';
import { styles } from './review-queue.styles';

installStyles(styles);

export { ReviewQueue, type ReviewQueueProps } from './ReviewQueue';
