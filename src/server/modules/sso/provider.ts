import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import * as oidc from 'openid-client';
import type { SsoConfig } from '../../sso-config';

/**
 * The OpenID provider as this server sees it: its discovered configuration (openid-client), its
 * signing keys (jose's remote key set: fetched once, kept, fetched again when a token names a key
 * it does not hold, so a key rotation is followed) and whether it answered. Discovery runs at start;
 * a provider that does not answer leaves the app running, the sign-in page says so, and the next
 * use tries again (at most every RETRY_MS). TLS is Node's: its CA store plus NODE_EXTRA_CA_CERTS.
 */
export type ProviderStatus = 'ok' | 'unreachable';

const RETRY_MS = 15_000;
const TIMEOUT_S = 10;

export interface ProviderInfo {
  configuration: oidc.Configuration;
  keys: JWTVerifyGetKey;
  issuer: string;
  /** The asymmetric algorithms the provider says it signs ID tokens with (never none or HS*). */
  algorithms: string[];
  endSessionEndpoint: string | null;
}

const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$/;

export class SsoProvider {
  private info: ProviderInfo | null = null;
  private lastTry = 0;
  private pending: Promise<ProviderInfo | null> | null = null;
  lastError: string | null = null;

  constructor(
    readonly config: SsoConfig,
    private readonly log: { warn: (obj: object, msg: string) => void; info: (msg: string) => void },
  ) {}

  get status(): ProviderStatus {
    return this.info ? 'ok' : 'unreachable';
  }

  /** The provider, discovering it first when that has not succeeded yet (null while it cannot be reached). */
  async get(force = false): Promise<ProviderInfo | null> {
    if (this.info) return this.info;
    if (!force && Date.now() - this.lastTry < RETRY_MS) return null;
    this.pending ??= this.discover().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async discover(): Promise<ProviderInfo | null> {
    this.lastTry = Date.now();
    const { config } = this;
    try {
      const configuration = await oidc.discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret ?? undefined,
        config.clientSecret ? oidc.ClientSecretBasic(config.clientSecret) : oidc.None(),
        { timeout: TIMEOUT_S, ...(config.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
      );
      const meta = configuration.serverMetadata();
      if (!meta.jwks_uri) throw new Error('the provider publishes no jwks_uri');
      const advertised = meta.id_token_signing_alg_values_supported ?? ['RS256'];
      const algorithms = advertised.filter((alg) => ASYMMETRIC.test(alg));
      if (algorithms.length === 0) throw new Error(`the provider signs with no public-key algorithm (${advertised.join(', ')})`);
      this.info = {
        configuration,
        keys: createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: TIMEOUT_S * 1000, cooldownDuration: config.keySetCooldownMs, cacheMaxAge: 10 * 60_000 }),
        issuer: meta.issuer,
        algorithms,
        endSessionEndpoint: meta.end_session_endpoint ?? null,
      };
      this.lastError = null;
      this.log.info(`Single sign-on: discovered ${meta.issuer}`);
      return this.info;
    } catch (err) {
      this.lastError = err instanceof Error ? err.message : String(err);
      this.log.warn({ err }, `Single sign-on: the provider ${config.issuer} cannot be reached or is misconfigured; sign-in with it is unavailable until it answers`);
      return null;
    }
  }
}
