// What <kg-user-admin> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
export { UserAdmin as Component } from './UserAdmin';
export { default as css } from './user-admin.styles';
