// What <kg-node-manager> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
export { NodeManager as Component } from './NodeManager';
export { default as css } from './node-manager.styles';
