import type { SsoConfig } from '../../../sso-config';

/**
 * What the provider's claims mean here: the role (KG_OIDC_ROLE_MAP, first entry the user holds
 * wins, none = viewer), the username and e-mail of a new account, and whether the e-mail's domain
 * may sign in. Pure functions over the claims the ID token (and the userinfo answer) carried.
 */
export type Claims = Record<string, unknown>;

export const DEFAULT_ROLE = 'viewer';

/** The claim's values: a string, a list of strings, or (Keycloak's realm_access.roles) a dotted path. */
export function claimValues(claims: Claims, name: string): string[] {
  let value: unknown = claims[name];
  if (value === undefined && name.includes('.')) {
    value = name.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), claims);
  }
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

export function mappedRole(config: Pick<SsoConfig, 'roleClaim' | 'roleMap'>, claims: Claims): string {
  if (!config.roleClaim) return DEFAULT_ROLE;
  const held = new Set(claimValues(claims, config.roleClaim));
  for (const [value, role] of config.roleMap) if (held.has(value)) return role;
  return DEFAULT_ROLE;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function emailOf(claims: Claims): string | null {
  const email = text(claims.email);
  return email && /^[^@\s]+@[^@\s]+$/.test(email) && email.length <= 254 ? email.normalize('NFKC') : null;
}

export const emailVerified = (claims: Claims): boolean => claims.email_verified === true || claims.email_verified === 'true';

export function emailDomainAllowed(config: Pick<SsoConfig, 'emailDomains'>, claims: Claims): boolean {
  if (config.emailDomains.length === 0) return true;
  const email = emailOf(claims);
  if (!email || !emailVerified(claims)) return false;
  return config.emailDomains.includes(email.slice(email.lastIndexOf('@') + 1).toLowerCase());
}

/** What a username may hold here (the users schema's pattern is wider; this keeps SSO names plain). */
function cleanName(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 40);
}

/** preferred_username, else the e-mail's local part, else the subject. */
export function baseUsername(claims: Claims, subject: string): string {
  const preferred = text(claims.preferred_username);
  const email = emailOf(claims);
  for (const candidate of [preferred, email ? email.slice(0, email.indexOf('@')) : null, subject]) {
    const name = candidate ? cleanName(candidate) : '';
    if (name.length >= 3) return name;
  }
  return `user-${cleanName(subject).slice(0, 20) || 'sso'}`;
}
