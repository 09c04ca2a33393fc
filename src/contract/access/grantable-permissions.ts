import { isAdmin, type Grantor } from './grants';
import { PERMISSION_IDS } from './permissions';

/**
 * The permissions the grantor may put on a role (for the role form's checklist). Apart from
 * grants.ts so that the grant checks (the user admin loads them) do not carry the permission
 * catalogue with its names and descriptions, which only the role admin shows (bench/bundle).
 */
export const grantablePermissions = (grantor: Grantor): string[] =>
  isAdmin(grantor) ? [...PERMISSION_IDS] : PERMISSION_IDS.filter((p) => grantor.permissions.includes(p));
