/**
 * Edit conflicts on the admin screens (types, users, roles; docs/architecture/versions.md): the
 * shared comparison on a form dialog, and a delete asked again when the record changed meanwhile.
 */
export { FormConflict, type FormConflictField, type FormConflictProps } from './FormConflict';
export { StaleDelete, useStaleDelete, type StaleDeleteProps, type StaleDeleteState } from './StaleDelete';
export { styles } from './styles';
