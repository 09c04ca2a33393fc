import { z } from 'zod';
import { VersionField } from './errors';
import { UserLanguageSchema } from './languages';
import { normaliseIdentity } from './identity-text';
import { LIMITS } from './limits';
import { MESSAGES } from './texts/common';
import { UserSchema, emailField, mobileField, passwordField, usernameField } from './admin/users';

export const RegisterRequestSchema = z.object({
  username: usernameField,
  email: emailField,
  password: passwordField(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  login: z.string().trim().min(1, 'Username or Email is required').max(LIMITS.emailMaxLength),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const AuthResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: UserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const RefreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });
export const LogoutRequestSchema = z.object({ refreshToken: z.string().max(200).optional() });

export const MeResponseSchema = z.object({ user: UserSchema });

export const VerifyPasswordRequestSchema = z.object({
  email: z.string().max(LIMITS.emailMaxLength).optional(),
  password: z.string().min(1, MESSAGES.profile.currentPasswordRequired).max(200),
});
export const VerifyPasswordResponseSchema = z.object({ valid: z.literal(true) });

export const CheckUsernameRequestSchema = z.object({ username: z.string().overwrite(normaliseIdentity).trim().min(1).max(LIMITS.usernameMaxLength) });
export const CheckUsernameResponseSchema = z.object({ available: z.boolean() });

/**
 * Profile update: only changed fields are sent (spec §5). Changing the password needs the
 * current password too, so a stolen access token alone cannot take over the account.
 */
export const ProfileUpdateRequestSchema = z
  .object({
    username: usernameField.optional(),
    email: emailField.optional(),
    mobileNo: mobileField.optional(),
    /** The Settings language switch; null forgets the choice. */
    language: UserLanguageSchema.nullable().optional(),
    password: passwordField(MESSAGES.profile.passwordTooShort).optional(),
    currentPassword: z.string().max(200).optional(),
    ...VersionField,
  })
  .refine((b) => b.password === undefined || (b.currentPassword ?? '') !== '', {
    message: MESSAGES.profile.currentPasswordRequired,
    path: ['currentPassword'],
  });
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;

export const HealthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
/** GET /live: the process serves (no database involved: a database outage must not restart it). */
export const LiveResponseSchema = z.object({ status: z.literal('ok') });
/**
 * GET /ready: whether a load balancer should send this instance requests: 200 `ready`, or 503
 * while it starts (opens and migrates the database), drains (SIGTERM) or cannot reach its database.
 */
export const READINESS_STATES = ['ready', 'starting', 'draining', 'database_unavailable'] as const;
export const ReadyResponseSchema = z.object({ status: z.enum(READINESS_STATES) });
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
