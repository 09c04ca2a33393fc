import { z } from 'zod';
import { LIMITS } from './limits';
import { PERMISSION_IDS, type Permission } from './permissions';

export const ROLE_MESSAGES = {
  nameRequired: 'Role Name is required',
  nameTaken: 'A role with this name already exists',
  systemDelete: 'System roles cannot be deleted.',
  systemRename: 'The name of a system role cannot be changed.',
  systemToggle: 'System roles cannot be deactivated.',
  systemPermissions: 'The permissions of a system role are fixed.',
  unknownPermission: 'Unknown permission',
  notFound: 'Role not found',
} as const;

export const RoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  isActive: z.boolean(),
  isSystem: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof RoleSchema>;

const permission = z.string().refine((p): p is Permission => (PERMISSION_IDS as readonly string[]).includes(p), ROLE_MESSAGES.unknownPermission);

export const RoleCreateSchema = z.object({
  name: z.string({ error: ROLE_MESSAGES.nameRequired }).trim().min(1, ROLE_MESSAGES.nameRequired).max(LIMITS.nameMaxLength),
  description: z.string().max(1000).default(''),
  permissions: z.array(permission).max(PERMISSION_IDS.length * 2).default([]),
  isActive: z.boolean().default(true),
});

/** PUT takes the same fields, or only isActive for the status switch. */
export const RoleUpdateSchema = RoleCreateSchema.partial().extend({
  name: z.string().trim().min(1, ROLE_MESSAGES.nameRequired).max(LIMITS.nameMaxLength).optional(),
  description: z.string().max(1000).optional(),
  permissions: z.array(permission).max(PERMISSION_IDS.length * 2).optional(),
  isActive: z.boolean().optional(),
});
