// What <kg-relation-editor> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
export { RelationEditor as Component } from './RelationEditor';
export { default as css } from './relation-editor.styles';
