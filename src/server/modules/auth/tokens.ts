import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens are short-lived HS256 JWTs naming the user; every request still loads the
 * user, so deactivation and role changes apply on the next request. Refresh tokens are
 * opaque random strings kept only as SHA-256 hashes.
 */
export interface AccessClaims {
  sub: string;
  iat: number;
  exp: number;
  typ: 'access';
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signAccessToken(userId: string, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload = b64url(JSON.stringify({ sub: userId, iat, exp: iat + ttlSeconds, typ: 'access' } satisfies AccessClaims));
  const signature = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/** The claims of a valid, unexpired access token, or null. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as AccessClaims;
    if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    if (claims.exp * 1000 <= now) return null;
    return claims;
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
