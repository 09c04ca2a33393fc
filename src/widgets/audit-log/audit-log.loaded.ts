// What <kg-audit-log> loads when its first element connects, as one chunk rather than two (bench/bundle):
// the component and the styles of its shadow root.
export { AuditLog as Component } from './AuditLog';
export { default as css } from './audit-log.styles';
