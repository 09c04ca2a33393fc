/**
 * Auth: signing in and out, tokens, sessions and the account's own profile. The access plugin
 * verifies tokens and the credential limits count attempts with what is exported here.
 */
export { attemptCounterFor, databaseCounter, memoryCounter, type AttemptCounter, type BucketCount } from './attempt-counter';
export { familyOfToken, issueSession, issueSessionIn, liveFamilyOf, revokeByToken, spendRefreshToken, type RotateResult, type TokenSettings } from './sessions';
export { hashRefreshToken, newRefreshToken, newSecret, signAccessToken, verifyAccessToken, type AccessClaims } from './tokens';
export { authRoutes } from './routes';
