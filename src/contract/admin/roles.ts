import { z } from 'zod';
import { LIMITS, tooLongMessage } from '../limits';
import { VersionField, VersionSchema } from '../errors';
import { ROLE_MESSAGES } from '../texts/admin/roles';
import { PERMISSION_IDS, type Permission } from '../access/permissions';

export { ROLE_MESSAGES } from '../texts/admin/roles';

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
  /** Moved on by every accepted write (docs/architecture/versions.md); optional for fixtures. */
  version: VersionSchema.optional(),
  updatedBy: z.string().nullable().optional(),
  updatedByUsername: z.string().nullable().optional(),
});
export type Role = z.infer<typeof RoleSchema>;

const ROLE_NAME_TOO_LONG = tooLongMessage('Role Name', LIMITS.nameMaxLength);
const ROLE_DESCRIPTION_TOO_LONG = tooLongMessage('Description', 1000);

const permission = z.string().refine((p): p is Permission => (PERMISSION_IDS as readonly string[]).includes(p), ROLE_MESSAGES.unknownPermission);

export const RoleCreateSchema = z.object({
  name: z.string({ error: ROLE_MESSAGES.nameRequired }).trim().min(1, ROLE_MESSAGES.nameRequired).max(LIMITS.nameMaxLength, ROLE_NAME_TOO_LONG),
  description: z.string().max(1000, ROLE_DESCRIPTION_TOO_LONG).default(''),
  permissions: z.array(permission).max(PERMISSION_IDS.length * 2).default([]),
  isActive: z.boolean().default(true),
});

/** PUT takes the same fields, or only isActive for the status switch. */
export const RoleUpdateSchema = RoleCreateSchema.partial().extend({
  name: z.string().trim().min(1, ROLE_MESSAGES.nameRequired).max(LIMITS.nameMaxLength, ROLE_NAME_TOO_LONG).optional(),
  description: z.string().max(1000, ROLE_DESCRIPTION_TOO_LONG).optional(),
  permissions: z.array(permission).max(PERMISSION_IDS.length * 2).optional(),
  isActive: z.boolean().optional(),
  ...VersionField,
});
