/**
 * The fixed permission catalogue (spec §3: 19 permissions in four categories, plus changes.review —
 * review mode, see docs/architecture/review.md — the 20th) and the
 * permission sets of the three system roles. The server grants access from these sets;
 * the client reads the same sets to decide what to show.
 */
export const PERMISSION_CATEGORIES = [
  'Knowledge Management',
  'User Management',
  'System Administration',
  'Analytics & Reporting',
] as const;
export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];

export interface PermissionInfo {
  id: string;
  name: string;
  description: string;
  category: PermissionCategory;
}

export const PERMISSIONS = [
  { id: 'nodes.create', name: 'Create Nodes', description: 'Create knowledge nodes, run bulk and SNOMED imports', category: 'Knowledge Management' },
  { id: 'nodes.read', name: 'View Nodes', description: 'View knowledge nodes, relations, types and the graph', category: 'Knowledge Management' },
  { id: 'nodes.update', name: 'Edit Nodes', description: 'Edit knowledge nodes and their attachments', category: 'Knowledge Management' },
  { id: 'nodes.delete', name: 'Delete Nodes', description: 'Delete knowledge nodes with their relations', category: 'Knowledge Management' },
  { id: 'relations.create', name: 'Create Relations', description: 'Create relations between nodes', category: 'Knowledge Management' },
  { id: 'relations.update', name: 'Edit Relations', description: 'Edit relations between nodes', category: 'Knowledge Management' },
  { id: 'relations.delete', name: 'Delete Relations', description: 'Delete relations between nodes', category: 'Knowledge Management' },
  { id: 'search.advanced', name: 'Advanced Search', description: 'Use the advanced knowledge search filters', category: 'Knowledge Management' },
  { id: 'changes.review', name: 'Review Changes', description: 'Approve or reject proposed changes while review mode is on, and see every proposal', category: 'Knowledge Management' },
  { id: 'users.create', name: 'Create Users', description: 'Create user accounts', category: 'User Management' },
  { id: 'users.read', name: 'View Users', description: 'View full user records', category: 'User Management' },
  { id: 'users.update', name: 'Edit Users', description: 'Edit user accounts, roles and status', category: 'User Management' },
  { id: 'users.delete', name: 'Delete Users', description: 'Delete user accounts', category: 'User Management' },
  { id: 'roles.manage', name: 'Manage Roles', description: 'Create, edit and delete roles and their permissions', category: 'User Management' },
  { id: 'system.config', name: 'System Configuration', description: 'Manage node types, relation types and the SNOMED catalogue', category: 'System Administration' },
  { id: 'system.backup', name: 'Backups', description: 'Create and restore backups', category: 'System Administration' },
  { id: 'system.logs', name: 'System Logs', description: 'Read the audit and system logs', category: 'System Administration' },
  { id: 'system.maintenance', name: 'Maintenance', description: 'Run maintenance tasks', category: 'System Administration' },
  { id: 'analytics.view', name: 'View Analytics', description: 'View analytics dashboards', category: 'Analytics & Reporting' },
  { id: 'analytics.export', name: 'Export Analytics', description: 'Export analytics data', category: 'Analytics & Reporting' },
] as const satisfies readonly PermissionInfo[];

export type Permission = (typeof PERMISSIONS)[number]['id'];
export const PERMISSION_IDS: readonly Permission[] = PERMISSIONS.map((p) => p.id);

export function isPermission(value: string): value is Permission {
  return (PERMISSION_IDS as readonly string[]).includes(value);
}

export const SYSTEM_ROLE_NAMES = ['admin', 'editor', 'viewer'] as const;
export type SystemRoleName = (typeof SYSTEM_ROLE_NAMES)[number];

const VIEWER: Permission[] = ['nodes.read', 'search.advanced'];
const EDITOR: Permission[] = [
  ...VIEWER,
  'nodes.create',
  'nodes.update',
  'nodes.delete',
  'relations.create',
  'relations.update',
  'relations.delete',
];

/** Spec §6: admin everything; editor curates content and runs imports; viewer reads. */
export const SYSTEM_ROLE_PERMISSIONS: Record<SystemRoleName, readonly Permission[]> = {
  admin: PERMISSION_IDS,
  editor: EDITOR,
  viewer: VIEWER,
};
/**
 * The permissions a role actually grants. An inactive role grants nothing beyond what
 * a viewer has (it keeps at most the viewer's permissions it already holds).
 */
export function effectivePermissions(rolePermissions: readonly string[], roleActive: boolean): Permission[] {
  const valid = rolePermissions.filter(isPermission);
  if (roleActive) return [...new Set(valid)];
  return valid.filter((p) => SYSTEM_ROLE_PERMISSIONS.viewer.includes(p));
}
