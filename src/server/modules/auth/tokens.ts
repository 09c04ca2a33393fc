import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Access tokens are short-lived HS256 JWTs naming the user and the sign-in, signed and verified
 * by `jose`; every request still loads the user and checks the sign-in, so deactivation, role
 * changes and revoked sign-ins apply on the next request. Refresh tokens are opaque random strings kept only as SHA-256 hashes.
 */
export interface AccessClaims {
  sub: string;
  iat: number;
  exp: number;
  typ: 'access';
  /** The sign-in (refresh-token family) the token was issued for: "sign out my other sessions" keeps it. */
  sid?: string;
}

const ALG = 'HS256';
const keyOf = (secret: string) => new TextEncoder().encode(secret);
/** Three unpadded base64url segments, nothing else (no '=', no spaces). */
const COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export async function signAccessToken(
  userId: string,
  secret: string,
  ttlSeconds: number,
  options: { now?: number; sessionId?: string } = {},
): Promise<string> {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  return new SignJWT({ typ: 'access', ...(options.sessionId ? { sid: options.sessionId } : {}) })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyOf(secret));
}

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(token: string, secret: string, now = Date.now()): Promise<AccessClaims | null> {
  if (!COMPACT.test(token)) return null;
  // jose decodes leniently: a signature with different unused trailing bits (…D34 → …D35)
  // decodes to the same bytes. Only the canonical encoding of the signature is accepted,
  // so a token has exactly one spelling.
  const signature = token.slice(token.lastIndexOf('.') + 1);
  if (Buffer.from(signature, 'base64url').toString('base64url') !== signature) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALG],
      typ: 'JWT',
      currentDate: new Date(now),
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
    if (payload.sid !== undefined && typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, iat: payload.iat!, exp: payload.exp!, typ: 'access', ...(payload.sid ? { sid: payload.sid } : {}) };
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSecret(): string {
  return randomBytes(48).toString('base64url');
}
