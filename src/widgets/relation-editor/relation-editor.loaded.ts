// What <kg-relation-editor> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
import { shadowCss } from '../styles/widget-css';
import { styles } from './relation-editor.styles';

export { RelationEditor as Component } from './RelationEditor';

export const css = shadowCss(styles);
