// What <kg-role-admin> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
export { RoleAdmin as Component } from './RoleAdmin';
export { default as css } from './role-admin.styles';
