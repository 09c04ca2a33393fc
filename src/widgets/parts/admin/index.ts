/**
 * The admin part: the header, refusal, load-failure and status pieces the admin screens share, and
 * the CSS of the admin lists (styles.ts). Widgets reach it only through this entry; an element's
 * style manifest takes `styles` from './styles' so it never pulls the components.
 */
export { AccessDenied, AdminHeader, LoadFailed, StatusChip } from './admin-parts';
export { styles } from './styles';
