import { defineTexts } from './texts';
/**
 * Texts of user and role administration (spec §6, §8, plus the server's rule messages). Kept
 * free of zod so the browser bundles can use them without pulling in the schemas; users.ts and
 * roles.ts re-export them.
 */
export const USER_ADMIN_MESSAGES = defineTexts('userAdmin.messages', {
  cannotDeleteAdmin: 'Cannot delete admin user',
  lastAdmin: 'At least one active administrator must remain.',
  unknownRole: 'The selected role does not exist',
  roleRequired: 'Role is required',
  notFound: 'User not found',
  passwordBeforeActivating: 'Set a password before activating this account',
  createForbidden: 'You do not have permission to create users. Only administrators can perform this action.',
  updateForbidden: 'You do not have permission to update users. Only administrators can perform this action.',
  deleteForbidden: 'You do not have permission to delete users. Only administrators can perform this action.',
});

export const ROLE_MESSAGES = defineTexts('roleAdmin.messages', {
  nameRequired: 'Role Name is required',
  nameTaken: 'A role with this name already exists',
  systemDelete: 'System roles cannot be deleted.',
  systemRename: 'The name of a system role cannot be changed.',
  systemToggle: 'System roles cannot be deactivated.',
  systemPermissions: 'The permissions of a system role are fixed.',
  unknownPermission: 'Unknown permission',
  notFound: 'Role not found',
});
