// What <kg-snomed-admin> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
export { SnomedAdmin as Component } from './SnomedAdmin';
export { default as css } from './snomed-admin.styles';
