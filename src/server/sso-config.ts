/**
 * Single sign-on settings from the environment (docs/OPERATIONS.md, "Single sign-on"). Read and
 * checked once at start: a wrong value stops the server with a message naming the variable, so an
 * operator learns of it when deploying rather than from the first member of staff who cannot sign in.
 */
export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
  /** The provider's name on the sign-in buttons ("Sign in with {name}"). */
  displayName: string;
  /** The claim holding the user's groups or roles (a string or an array of strings). */
  roleClaim: string | null;
  /** Claim value → role name, in the order given: the first value the user holds wins. */
  roleMap: [string, string][];
  /** Lower-case e-mail domains allowed to sign in; empty = any. */
  emailDomains: string[];
  /** Audiences a token handed over by a portal may carry besides our client id. */
  audiences: string[];
  /** An existing local account with the provider's verified e-mail is linked on its first sign-in. */
  linkVerifiedEmail: boolean;
  /** How often a session's refresh re-checks the user with the provider (seconds). */
  recheckSeconds: number;
  /** Plain HTTP to the provider: only for a provider on this machine (tests, a developer's Keycloak). */
  allowInsecure: boolean;
  /**
   * The provider's key set is read again for a key id it does not hold, but not sooner than this
   * after the last read (ms): a flood of made-up key ids must not make us hammer the provider.
   * Not an operator setting; tests shorten it rather than wait half a minute.
   */
  keySetCooldownMs: number;
}

/** How soon after a read the provider's key set may be read again for an unknown key id. */
export const KEY_SET_COOLDOWN_MS = 30_000;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const onOff = (name: string, value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (v === 'on' || v === '1' || v === 'true') return true;
  if (v === 'off' || v === '0' || v === 'false') return false;
  throw new ConfigError(`${name} must be "on" or "off", not "${value}"`);
};

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function issuerOf(value: string): { issuer: string; allowInsecure: boolean } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`KG_OIDC_ISSUER is not a URL: "${value}" (expected e.g. https://login.example.org/realms/hospital)`);
  }
  if (url.search || url.hash) throw new ConfigError('KG_OIDC_ISSUER must not have a query or fragment');
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new ConfigError(`KG_OIDC_ISSUER must use https (plain http only for a provider on localhost): "${value}"`);
  }
  return { issuer: value, allowInsecure: url.protocol === 'http:' };
}

function roleMapOf(value: string | undefined): [string, string][] {
  if (value === undefined || value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError(`KG_OIDC_ROLE_MAP is not JSON: expected e.g. {"kg-admins":"admin","kg-editors":"editor"}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError('KG_OIDC_ROLE_MAP must be a JSON object from claim values to role names');
  }
  const entries = Object.entries(parsed as Record<string, unknown>);
  for (const [claimValue, role] of entries) {
    if (typeof role !== 'string' || role.trim() === '') throw new ConfigError(`KG_OIDC_ROLE_MAP: the role for "${claimValue}" must be a role name`);
  }
  return entries.map(([claimValue, role]) => [claimValue, (role as string).trim()]);
}

function recheckSecondsOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3600;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 3600) throw new ConfigError(`KG_OIDC_RECHECK_SECONDS must be a whole number of seconds from 1 to 3600, not "${value}"`);
  return n;
}

/** The SSO settings, or null when KG_OIDC_ISSUER is not set. Throws ConfigError for a wrong value. */
export function ssoConfigFrom(env: NodeJS.ProcessEnv): SsoConfig | null {
  const issuerValue = env.KG_OIDC_ISSUER?.trim();
  if (!issuerValue) {
    const orphan = ['KG_OIDC_CLIENT_ID', 'KG_OIDC_CLIENT_SECRET', 'KG_OIDC_ROLE_MAP'].find((name) => env[name]?.trim());
    if (orphan) throw new ConfigError(`${orphan} is set but KG_OIDC_ISSUER is not: single sign-on needs the provider's issuer URL`);
    return null;
  }
  const { issuer, allowInsecure } = issuerOf(issuerValue);
  const clientId = env.KG_OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new ConfigError('KG_OIDC_ISSUER is set but KG_OIDC_CLIENT_ID is not: the client id registered at the provider is needed');
  const scopes = env.KG_OIDC_SCOPES?.trim() || 'openid profile email';
  if (!scopes.split(/\s+/).includes('openid')) throw new ConfigError(`KG_OIDC_SCOPES must include "openid": "${scopes}"`);
  const roleMap = roleMapOf(env.KG_OIDC_ROLE_MAP);
  const roleClaim = env.KG_OIDC_ROLE_CLAIM?.trim() || null;
  if (roleMap.length > 0 && !roleClaim) throw new ConfigError('KG_OIDC_ROLE_MAP is set but KG_OIDC_ROLE_CLAIM is not: name the claim that holds the groups or roles');
  const emailDomains = list(env.KG_OIDC_EMAIL_DOMAINS).map((d) => d.replace(/^@/, '').toLowerCase());
  for (const domain of emailDomains) {
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain)) throw new ConfigError(`KG_OIDC_EMAIL_DOMAINS: "${domain}" is not a domain name`);
  }
  return {
    issuer,
    clientId,
    clientSecret: env.KG_OIDC_CLIENT_SECRET?.trim() || null,
    scopes,
    displayName: env.KG_OIDC_NAME?.trim().slice(0, 60) || 'single sign-on',
    roleClaim,
    roleMap,
    emailDomains,
    audiences: list(env.KG_OIDC_AUDIENCES),
    linkVerifiedEmail: onOff('KG_OIDC_LINK_VERIFIED_EMAIL', env.KG_OIDC_LINK_VERIFIED_EMAIL, false),
    allowInsecure,
    recheckSeconds: recheckSecondsOf(env.KG_OIDC_RECHECK_SECONDS),
    keySetCooldownMs: KEY_SET_COOLDOWN_MS,
  };
}

/** KG_PUBLIC_URL: the origin users reach the app at (the redirect URI is built on it). */
export function publicUrlFrom(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(`KG_PUBLIC_URL is not a URL: "${value}" (expected e.g. https://kg.hospital.example)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError('KG_PUBLIC_URL must be an http or https URL');
  return url.origin;
}

export function localLoginFrom(value: string | undefined): boolean {
  return onOff('KG_LOCAL_LOGIN', value, true);
}
