import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { ProviderInfo } from '../provider';

/**
 * Checks a JWT the provider signed but that reached us from somewhere else: a token a portal hands
 * over (token exchange) or a logout token the provider posts (back-channel logout). Only the
 * provider's own public-key algorithms are accepted (never `none`, never an HMAC, whose "key" would
 * be the public key an attacker also has), the key comes from the provider's JWKS (a kid it does not
 * know yet makes jose fetch the set again, so rotated keys are followed), and issuer, audience and
 * expiry are checked by jose.
 */
export type TokenRefusal = 'malformed' | 'algorithm' | 'signature' | 'expired' | 'issuer' | 'audience' | 'claims' | 'provider_unreachable';

export class TokenRefused extends Error {
  constructor(readonly reason: TokenRefusal) {
    super(reason);
  }
}

const MAX_TOKEN_CHARS = 16_384;

export async function verifyProviderJwt(
  provider: ProviderInfo,
  token: string,
  options: { audiences: string[]; requireSubject: boolean; maxAgeSeconds?: number },
): Promise<JWTPayload> {
  if (token.length > MAX_TOKEN_CHARS || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token)) throw new TokenRefused('malformed');
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw new TokenRefused('malformed');
  }
  if (!alg || !provider.algorithms.includes(alg)) throw new TokenRefused('algorithm');
  try {
    const { payload } = await jwtVerify(token, provider.keys, {
      algorithms: provider.algorithms,
      issuer: provider.issuer,
      audience: options.audiences,
      requiredClaims: options.requireSubject ? ['sub', 'exp', 'iat'] : ['iat'],
      clockTolerance: 30,
      ...(options.maxAgeSeconds ? { maxTokenAge: options.maxAgeSeconds } : {}),
    });
    return payload;
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new TokenRefused('expired');
    if (err instanceof errors.JWTClaimValidationFailed) {
      if (err.claim === 'iss') throw new TokenRefused('issuer');
      if (err.claim === 'aud') throw new TokenRefused('audience');
      if (err.claim === 'iat' && err.reason === 'check_failed') throw new TokenRefused('expired');
      throw new TokenRefused('claims');
    }
    if (err instanceof errors.JWKSTimeout || (err instanceof Error && /fetch failed|ECONNREFUSED/.test(err.message))) throw new TokenRefused('provider_unreachable');
    if (err instanceof errors.JOSEAlgNotAllowed) throw new TokenRefused('algorithm');
    throw new TokenRefused('signature');
  }
}
