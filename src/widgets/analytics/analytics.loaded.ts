// What <kg-analytics> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
export { Analytics as Component } from './Analytics';
export { default as css } from './analytics.styles';
