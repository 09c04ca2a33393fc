import { MESSAGES } from '../common';
import { SSO_MESSAGES } from '../auth';
import { defineTexts, icu } from '../define';

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

/** Texts of User Management (spec §2, §8); the spec's own words where it gives them. */
export const USER_TEXTS = defineTexts('userAdmin', {
  colUser: 'User',
  colContact: 'Contact',
  colLastActive: 'Last Active',
  colJoined: 'Joined',
  colActions: 'Actions',
  listLabel: 'Users',
  filtersLabel: 'Filter users',
  loading: 'Loading users',
  title: 'User Management',
  subtitle: 'Manage users, roles, and access across the platform.',
  add: 'Add New User',
  addShort: 'Add User',
  search: 'Search',
  searchPlaceholder: 'Search users...',
  role: 'Role',
  status: 'Status',
  allRoles: 'All Roles',
  allStatuses: 'All Statuses',
  active: 'Active',
  inactive: 'Inactive',
  clearAll: 'Clear All',
  refresh: 'Refresh',
  never: 'Never',
  notAvailable: 'N/A',
  admin: 'Admin',
  noUsers: 'No users found',
  noMatches: 'No users match the filters',

  createTitle: 'Create New User',
  editTitle: 'Edit User',
  username: 'Username',
  email: 'Email Address',
  mobile: 'Mobile Number (Optional)',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  selectRole: 'Select a role',
  activeAccount: 'Active Account',
  inactiveAccount: 'Inactive Account',
  createUser: 'Create User',
  updateUser: 'Update User',
  saving: 'Saving...',
  cancel: 'Cancel',
  saveFallback: 'An error occurred while saving the user',
  /** Said at once in a user form or delete dialog the role cannot submit (the form is then read-only). */
  noCreatePermission: 'Your role cannot create users.',
  noUpdatePermission: 'Your role cannot edit users.',
  noDeletePermission: 'Your role cannot delete users.',

  deleteTitle: 'Delete User',
  deleteWarning: 'Warning: This action cannot be undone',
  deleteBody: 'The user will be permanently removed from the system',
  deleteButton: 'Delete User',
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete user. Please try again.',
  cannotDeleteAdmin: USER_ADMIN_MESSAGES.cannotDeleteAdmin,

  loadFailed: 'Failed to load users',
  loadFailedToast: 'Failed to load users. Please try again.',
  retry: 'Retry',
  denied: MESSAGES.access.usersDenied,
  signIn: 'Sign in to manage users.',

  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',

  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm the password',
  restoredWithoutPassword: 'This account was restored from a backup and has no password yet. Set one here to let the user sign in; it stays inactive until then.',
  noPasswordYet: 'No password yet',

  /** The edit form's single sign-on part (a server with an identity provider): the account's link to it. */
  ssoTitle: 'Single sign-on',
  ssoLinkedTo: icu(['provider'], (provider: string) => `Linked to ${provider}`),
  ssoNotLinked: icu(['provider'], (provider: string) => `Not linked to ${provider}: the user signs in with a password.`),
  ssoSubject: 'Subject at the provider',
  ssoSubjectHelp: icu(['provider'], (provider: string) => `The user's ID (sub) at ${provider}. Their next sign-in with ${provider} opens this account.`),
  ssoSubjectInvalid: 'Enter the subject: 1 to 255 characters.',
  ssoLastSignIn: 'Last sign-in with the provider',
  ssoLink: 'Link',
  ssoLinking: 'Linking...',
  ssoUnlink: 'Unlink',
  ssoUnlinking: 'Unlinking...',
  ssoUnlinkConfirm: icu(['provider'], (provider: string) => `Unlink this account? Its sign-ins through ${provider} end now, and the next one is refused until it is linked again.`),
  ssoCancel: 'Cancel',
  ssoLinkedDone: 'The account is linked.',
  ssoUnlinkedDone: 'The link is removed; the sign-ins that came from the provider have ended.',
  ssoAdminsOnly: SSO_MESSAGES.linkAdminsOnly,
  ssoFailed: 'The link could not be changed. Please try again.',

  /** A user's short id on the cards and rows, and the accessible names of a user's actions. */
  shortId: icu(['id'], (id: string) => `ID: ${id}`),
  editNamed: icu(['name'], (name: string) => `Edit ${name}`),
  deleteNamed: icu(['name'], (name: string) => `Delete ${name}`),
  showDetails: icu(['name'], (name: string) => `Show details for ${name}`),
  hideDetails: icu(['name'], (name: string) => `Hide details for ${name}`),
});
