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

/** GET /auth/sso: whether sign-in with an OpenID provider is offered, under which name, and whether it answers. */
export const SsoInfoSchema = z.object({
  enabled: z.boolean(),
  name: z.string().nullable(),
  status: z.enum(['ok', 'unreachable']).nullable(),
  /** false: the password form is hidden (only /login?local=1, for local admins). */
  localLogin: z.boolean(),
});
export type SsoInfo = z.infer<typeof SsoInfoSchema>;

export const SsoStartQuerySchema = z.object({ returnTo: z.string().max(2000).optional() });
/** The provider's answer on the redirect URI (code, state, iss, or error): only short strings. */
export const SsoCallbackQuerySchema = z.record(z.string().max(64), z.string().max(4096));
export const SsoRedeemRequestSchema = z.object({ code: z.string().min(1).max(200) });
export const SsoLogoutRequestSchema = z.object({ refreshToken: z.string().max(200).optional() });
export const SsoLogoutResponseSchema = z.object({ endSessionUrl: z.string().nullable() });

/** RFC 8693 token exchange: form-encoded (as the RFC says) or JSON, the same fields. */
export const TokenExchangeRequestSchema = z.object({
  grant_type: z.string().max(200),
  subject_token: z.string().min(1).max(16384),
  subject_token_type: z.string().max(200),
  audience: z.string().max(2000).optional(),
  resource: z.string().max(2000).optional(),
  scope: z.string().max(2000).optional(),
  requested_token_type: z.string().max(200).optional(),
});
export const TokenExchangeResponseSchema = AuthResponseSchema.extend({
  access_token: z.string(),
  issued_token_type: z.literal('urn:ietf:params:oauth:token-type:access_token'),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
});
export const BackchannelLogoutRequestSchema = z.object({ logout_token: z.string().min(1).max(16384) });

/** PUT /users/:id/sso-identity: an admin links an account to the provider's subject (the user's id there). */
export const SsoLinkRequestSchema = z.object({ subject: z.string().trim().min(1).max(255) });
export const SsoLinkResponseSchema = z.object({ userId: z.string(), issuer: z.string(), subject: z.string() });
/** DELETE /users/:id/sso-identity: the link removed, and how many of the account's provider sign-ins it ended. */
export const SsoUnlinkResponseSchema = SsoLinkResponseSchema.extend({ sessionsEnded: z.number().int() });
