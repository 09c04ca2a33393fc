// What <kg-type-admin> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
export { TypeAdmin as Component } from './TypeAdmin';
export { default as css } from './type-admin.styles';
