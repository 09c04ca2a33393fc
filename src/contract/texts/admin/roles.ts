import { MESSAGES } from '../common';
import { SystemRoleName } from '../../access/permissions';
import { defineTexts, icu } from '../define';

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

/** Texts of Role Management (spec §2, §8); the spec's own words where it gives them. */
export const ROLE_TEXTS = defineTexts('roleAdmin', {
  colRole: 'Role',
  colUsers: 'Users',
  colStatus: 'Status',
  colUpdated: 'Last Updated',
  colActions: 'Actions',
  listLabel: 'Roles',
  loading: 'Loading roles',
  title: 'Role Management',
  subtitle: 'Define roles and permissions to control user access throughout the system.',
  totalRoles: 'Total Roles',
  activeRoles: 'Active Roles',
  permissions: 'Permissions',
  usersAssigned: 'Users Assigned',
  dash: '—',
  section: 'System Roles',
  create: 'Create Role',
  system: 'System',
  active: 'Active',
  inactive: 'Inactive',
  noRoles: 'No roles found',

  createTitle: 'Create New Role',
  editTitle: 'Edit Role',
  name: 'Role Name',
  description: 'Description',
  activeRole: 'Active Role',
  permissionsHeading: icu(['selected', 'total'], (selected: number, total: number) => `Permissions (${selected}/${total})`),
  selectAll: 'Select all',
  clearAll: 'Clear',
  systemLocked: 'The name, status and permissions of a system role are fixed.',
  backupReadsAll: 'Grants reading everything: a backup holds relation notes, e-mail addresses and the audit log.',
  submitCreate: 'Create',
  submitUpdate: 'Update',
  saving: 'Saving...',
  cancel: 'Cancel',

  deleteTitle: 'Delete Role',
  deleteQuestion: icu(['name'], (name: string) => `Are you sure you want to delete the role "${name}"? This action cannot be undone.`),
  affects: icu(['count'], (count: number) => `This will affect ${count} users`),
  movedToViewer: 'They will be moved to the viewer role.',
  deleteButton: 'Delete Role',
  deleting: 'Deleting...',

  loadFailed: 'Failed to load roles.',
  statusFailed: 'Failed to update role status.',
  saveFailed: 'Failed to save role.',
  deleteFailed: 'Failed to delete role.',
  retry: 'Retry',
  refresh: 'Refresh',
  denied: MESSAGES.access.rolesDenied,
  signIn: 'Sign in to manage roles.',

  created: 'Role created successfully',
  updated: 'Role updated successfully',
  deleted: 'Role deleted successfully',
  activated: icu(['name'], (name: string) => `Role "${name}" activated`),
  deactivated: icu(['name'], (name: string) => `Role "${name}" deactivated`),
  /** Accessible names of a role's status switch and row actions. */
  activeNamed: icu(['name'], (name: string) => `${name} active`),
  editNamed: icu(['name'], (name: string) => `Edit ${name}`),
  deleteNamed: icu(['name'], (name: string) => `Delete ${name}`),
});

/**
 * Seeded in English with the system roles; a declared text, so the role list shows a system role's
 * unchanged description in the reader's language (localiseEnglish).
 */
export const SYSTEM_ROLE_DESCRIPTIONS: Record<SystemRoleName, string> = defineTexts('roleAdmin.systemDescriptions', {
  admin: 'Full access, including users, roles, taxonomies and the SNOMED catalogue',
  editor: 'Creates and edits knowledge nodes and relations, runs imports',
  viewer: 'Reads the knowledge graph',
});

/**
 * Who may grant what (DESIGN §9): nobody grants a permission or a role they do not
 * hold, only admins (the system role `admin`) make or touch admins, and nobody changes their own
 * role or their own role's permissions. Zod-free and shared: the server enforces these rules
 * (modules/users/grant-rules.ts), the screens use the same functions to offer only what may be
 * granted.
 */
export const GRANT_MESSAGES = defineTexts('grants', {
  adminOnly: 'Only administrators can create, edit, deactivate or delete administrators.',
  ownRole: 'You cannot change your own role.',
  roleNotHeld: 'You can only assign roles whose permissions you hold yourself.',
  userAbove: 'You cannot manage a user whose role grants permissions you do not hold.',
  permissionsNotHeld: 'You can only grant permissions that you hold yourself.',
  ownRolePermissions: 'You cannot change the permissions of your own role.',
  roleAbove: 'You cannot manage a role that grants permissions you do not hold.',
});
