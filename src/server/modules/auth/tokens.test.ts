import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hmac = (alg: 'sha256' | 'sha512', input: string, secret = SECRET) => createHmac(alg, secret).update(input).digest('base64url');
/** A hand-made token with any header and claims, signed with the right secret. */
const forge = (header: object, claims: object, alg: 'sha256' | 'sha512' = 'sha256') => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${hmac(alg, input)}`;
};
const now = Date.now();
const fresh = () => ({ sub: 'user-1', iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 900, typ: 'access' });

describe('access tokens', () => {
  it('a signed token verifies and carries the same claims as before (sub, iat, exp, typ access; TTL from the settings)', async () => {
    const token = await signAccessToken('user-1', SECRET, 900, { now });
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await verifyAccessToken(token, SECRET, now)).toEqual(fresh());
    const withSession = await signAccessToken('user-1', SECRET, 900, { now, sessionId: 'family-1' });
    expect(await verifyAccessToken(withSession, SECRET, now)).toEqual({ ...fresh(), sid: 'family-1' });
    // A token made by the former hand-made code (same header and claims) still verifies.
    expect(await verifyAccessToken(forge({ alg: 'HS256', typ: 'JWT' }, fresh()), SECRET, now)).toMatchObject({ sub: 'user-1' });
  });

  it('refuses malformed and forged tokens', async () => {
    const token = await signAccessToken('user-1', SECRET, 900, { now });
    const [header, payload, signature] = token.split('.');
    const lastBitsFlipped = signature.slice(0, -1) + String.fromCharCode(signature.charCodeAt(signature.length - 1) + 1);
    const refused: Record<string, string> = {
      'trailing = on the signature': `${token}=`,
      'trailing == on the signature': `${token}==`,
      'another spelling of the same signature bytes': `${header}.${payload}.${lastBitsFlipped}`,
      'padding inside the payload': `${header}.${payload}=.${signature}`,
      'alg none, no signature': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(fresh())}.`,
      'alg none, old signature': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      'another token type in the header': forge({ alg: 'HS256', typ: 'at+jwt' }, fresh()),
      'wrong alg (HS512 with the same secret)': forge({ alg: 'HS512', typ: 'JWT' }, fresh(), 'sha512'),
      'tampered payload (another user)': `${header}.${b64({ ...fresh(), sub: 'admin-id' })}.${signature}`,
      'signed with another secret': await signAccessToken('user-1', 'another-secret-another-secret-another', 900, { now }),
      expired: await signAccessToken('user-1', SECRET, 900, { now: now - 901_000 }),
      'not an access token': forge({ alg: 'HS256', typ: 'JWT' }, { ...fresh(), typ: 'refresh' }),
      'no subject': forge({ alg: 'HS256', typ: 'JWT' }, { ...fresh(), sub: undefined }),
      'two segments': `${header}.${payload}`,
      'four segments': `${token}.${signature}`,
      'spaces around': ` ${token} `,
      empty: '',
    };
    for (const [what, bad] of Object.entries(refused)) {
      expect(await verifyAccessToken(bad, SECRET, now), what).toBeNull();
    }
  });
});

describe('the Authorization header', () => {
  let t: TestApp;
  let session: AuthResponse;
  beforeAll(async () => {
    t = await testApp();
    session = await t.register('token_user', 'Quiet-Harbor-41');
  });
  afterAll(() => t?.close());
  const me = (authorization: string) => t.call({ method: 'GET', url: '/api/auth/me', headers: { authorization } });

  it('accepts the Bearer scheme in any case (HTTP auth schemes are case-insensitive)', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await me(`${scheme} ${session.accessToken}`);
      expect(res.statusCode, scheme).toBe(200);
      expect(res.json().user.username).toBe('token_user');
    }
  });

  it('answers 401 to a token with a padded signature and to a tampered one', async () => {
    expect((await me(`Bearer ${session.accessToken}=`)).statusCode).toBe(401);
    const [h, , s] = session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1], 'base64url').toString());
    expect((await me(`Bearer ${h}.${b64({ ...claims, exp: claims.exp + 3600 })}.${s}`)).statusCode).toBe(401);
  });
});
