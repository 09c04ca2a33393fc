/**
 * Credentials: password hashing and policy, and ending sign-ins. Below both auth (which signs
 * people in) and users (whose admins set passwords and deactivate accounts), so neither imports
 * the other's internals for them; this module imports no other module.
 */
export { NO_PASSWORD_HASH, dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
export { COMMON_PASSWORD_COUNT, assertPasswordAllowed, isCommonPassword } from './password-policy';
export { revokeAllForUsers, revokeFamily, revokeOtherSessions } from './session-revocation';
