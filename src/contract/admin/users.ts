import { z } from 'zod';
import { LIMITS } from '../limits';
import { VersionField, VersionSchema } from '../errors';
import { USER_ADMIN_MESSAGES } from '../texts/admin/users';
import { MESSAGES } from '../texts/common';
import { IDENTITY_MESSAGES } from '../texts/auth';
import { hasHiddenMarks, hasInvisibleCharacters, normaliseIdentity } from '../identity-text';
import { EMAIL_PATTERN, MOBILE_PATTERN } from '../patterns';
import { PASSWORD_MESSAGES } from '../texts/auth';

export { USER_ADMIN_MESSAGES } from '../texts/admin/users';
export { MOBILE_PATTERN } from '../patterns';

/** A link between an account and its subject (`sub`) at the identity provider (the provider named by its issuer). */
export const SsoIdentitySchema = z.object({ issuer: z.string(), subject: z.string(), linkedAt: z.string(), lastSignIn: z.string().nullable() });
export type SsoIdentity = z.infer<typeof SsoIdentitySchema>;

/** The user as the API returns it. No password or hash ever appears here. */
export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  mobileNo: z.string().nullable(),
  /** The language chosen in Settings (null: not chosen). Optional for older servers and fixtures. */
  language: z.string().nullable().optional(),
  role: z.string(),
  roleId: z.string().nullable(),
  permissions: z.array(z.string()),
  isActive: z.boolean(),
  /** False for an account restored from a backup without its password: an admin sets one before activating it. */
  hasCredentials: z.boolean().optional(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Moved on by every accepted write (docs/architecture/versions.md); optional for fixtures. */
  version: VersionSchema.optional(),
  updatedBy: z.string().nullable().optional(),
  updatedByUsername: z.string().nullable().optional(),
  /**
   * The account's identity at the configured OpenID provider (null: not linked). Only for readers
   * who may edit users (users.update) on a server with single sign-on; absent otherwise.
   */
  ssoIdentity: SsoIdentitySchema.nullable().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** Folded to NFKC before any check, so a full-width or otherwise compatible spelling is the name it shows. */
export const usernameField = z
  .string({ error: MESSAGES.profile.usernameRequired })
  .overwrite(normaliseIdentity)
  .trim()
  .min(1, MESSAGES.profile.usernameRequired)
  .max(LIMITS.usernameMaxLength, `Username must be ${LIMITS.usernameMaxLength} characters or less`)
  .regex(/^[^\s@]+$/, 'Username cannot contain spaces or @')
  .refine((v) => !hasInvisibleCharacters(v), IDENTITY_MESSAGES.usernameInvisible)
  .refine((v) => !hasHiddenMarks(v), IDENTITY_MESSAGES.usernameHiddenMarks);

export const emailField = z
  .string({ error: MESSAGES.profile.emailRequired })
  .overwrite(normaliseIdentity)
  .trim()
  .min(1, MESSAGES.profile.emailRequired)
  .max(LIMITS.emailMaxLength, MESSAGES.profile.emailInvalid)
  .regex(EMAIL_PATTERN, MESSAGES.profile.emailInvalid)
  .refine((v) => !hasInvisibleCharacters(v), IDENTITY_MESSAGES.emailInvisible);

export const mobileField = z
  .string()
  .trim()
  .max(LIMITS.mobileMaxLength, MESSAGES.profile.mobileInvalid)
  .refine((v) => v === '' || MOBILE_PATTERN.test(v), MESSAGES.profile.mobileInvalid);

/** A new password: the spec's minimum (with the form's own text), no whitespace-only passwords. */
export const passwordField = (tooShort: string = MESSAGES.auth.passwordTooShort) =>
  z
    .string()
    .min(LIMITS.passwordMinLength, tooShort)
    .max(200)
    .refine((v) => v.trim() !== '', PASSWORD_MESSAGES.whitespaceOnly);

/** What every signed-in user may see of others (the search page's Created By filter). */
export const UserDirectoryEntrySchema = z.object({ id: z.string(), username: z.string() });

export const UserListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  skip: z.coerce.number().int().min(0).default(0),
});

/** GET /users: full records with users.read, otherwise the directory (id and username). */
export const UserPageSchema = z.object({
  data: z.array(z.union([UserSchema, UserDirectoryEntrySchema])),
  pagination: z.object({ total: z.number().int(), limit: z.number().int(), skip: z.number().int() }),
});

/** The user form payload (spec §3): roleId, or the role name; confirmPassword never reaches the server. */
export const UserCreateSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password: passwordField(),
    roleId: z.string().max(64).optional(),
    role: z.string().max(LIMITS.nameMaxLength).optional(),
    isActive: z.boolean().default(true),
    mobileNo: mobileField.optional(),
  })
  .refine((b) => !!(b.roleId || b.role), { message: USER_ADMIN_MESSAGES.roleRequired, path: ['roleId'] });

/**
 * The spec's form sets passwords only on creation; `password` here lets an admin give a restored
 * account (restored users come back inactive, without a password) a new one.
 */
export const UserUpdateSchema = z.object({
  password: passwordField().optional(),
  username: usernameField.optional(),
  email: emailField.optional(),
  roleId: z.string().max(64).optional(),
  role: z.string().max(LIMITS.nameMaxLength).optional(),
  isActive: z.boolean().optional(),
  mobileNo: mobileField.optional(),
  ...VersionField,
});
