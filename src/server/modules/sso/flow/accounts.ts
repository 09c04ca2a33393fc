import { createHash } from 'node:crypto';
import type { AuditedTx } from '../../../audit/audited';
import type { SsoConfig } from '../../../sso-config';
import { NO_PASSWORD_HASH } from '../../credentials';
import { USER_RECORD, findUserById, usernameClashes, usernameSkeleton, userCreated, userUpdated, type UserRow } from '../../users';
import { baseUsername, emailDomainAllowed, emailOf, emailVerified, mappedRole, type Claims } from './claims';
import { ssoLinked } from '../sso-audit';
import { AUDIT_ACTIONS } from '../../../../contract';
import { FIRST_ACCOUNT_LOCK_KEY } from '../../../platform/locks';

/**
 * The account of a provider identity. Found by (issuer, subject); made on the first sign-in (just
 * in time) with the mapped role only — never the first-account admin rule; an existing local account
 * with the same e-mail is linked only when the provider says the e-mail is verified and the operator
 * allowed it (KG_OIDC_LINK_VERIFIED_EMAIL), otherwise the sign-in is refused (never a silent link).
 * At every sign-in and re-check the provider's fields are written again: the role and the e-mail.
 */
export type SsoRefusal = 'email_domain' | 'account_exists' | 'account_inactive' | 'role_unknown';

export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    readonly userId: string | null = null,
  ) {
    super(reason);
  }
}

export interface Identity {
  issuer: string;
  subject: string;
  claims: Claims;
}

async function roleId(tx: AuditedTx['tx'], name: string): Promise<string> {
  const rows = await tx.query<{ id: string }>('SELECT id FROM roles WHERE lower(name) = lower($1)', [name]);
  if (!rows[0]) throw new SsoRefused('role_unknown');
  return rows[0].id;
}

async function freeUsername(tx: AuditedTx['tx'], base: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 36)}-${n}`;
    if (!(await usernameClashes(tx, candidate))) return candidate;
  }
  return `${base.slice(0, 20)}-${createHash('sha256').update(base + Date.now()).digest('hex').slice(0, 12)}`;
}

/** An address that can receive nothing, for an identity without an e-mail (the column is required and unique). */
const placeholderEmail = (identity: Identity) =>
  `sso-${createHash('sha256').update(`${identity.issuer}\n${identity.subject}`).digest('hex').slice(0, 24)}@sso.invalid`;

async function emailTaken(tx: AuditedTx['tx'], email: string, exceptUserId: string): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, exceptUserId])).length > 0;
}

/** Writes the provider's fields (role, e-mail) onto the account; records what changed. */
export async function applyClaims(a: AuditedTx, config: SsoConfig, user: UserRow, identity: Identity): Promise<UserRow> {
  const { tx } = a;
  const role = await roleId(tx, mappedRole(config, identity.claims));
  const email = emailOf(identity.claims);
  const newEmail = email && email.toLowerCase() !== user.email.toLowerCase() && !(await emailTaken(tx, email, user.id)) ? email : null;
  if (role === user.role_id && !newEmail) return user;
  await a.claim(USER_RECORD, user.id, undefined);
  await tx.query('UPDATE users SET role_id = $2, email = COALESCE($3, email), updated_at = now() WHERE id = $1', [user.id, role, newEmail]);
  const after = (await findUserById(tx, user.id))!;
  const event = userUpdated(user, after);
  if (event) await a.record(event);
  return after;
}

/** The active account of the identity, made or linked when needed, with the provider's fields applied. */
export async function accountFor(a: AuditedTx, config: SsoConfig, identity: Identity): Promise<{ user: UserRow; created: boolean }> {
  const { tx } = a;
  if (!emailDomainAllowed(config, identity.claims)) throw new SsoRefused('email_domain');
  const known = await tx.query<{ user_id: string }>('SELECT user_id FROM user_identities WHERE issuer = $1 AND subject = $2', [identity.issuer, identity.subject]);
  let user = known[0] ? await findUserById(tx, known[0].user_id) : null;
  let created = false;
  if (!user) {
    const email = emailOf(identity.claims);
    const existing = email ? await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]) : [];
    if (existing[0]) {
      if (!config.linkVerifiedEmail || !emailVerified(identity.claims)) throw new SsoRefused('account_exists', existing[0].id);
      const linked = await tx.query('SELECT 1 FROM user_identities WHERE user_id = $1 AND issuer = $2', [existing[0].id, identity.issuer]);
      if (linked.length > 0) throw new SsoRefused('account_exists', existing[0].id);
      user = await findUserById(tx, existing[0].id);
      await linkIdentity(a, existing[0].id, identity, 'verified_email');
    } else {
      user = await createAccount(a, config, identity);
      created = true;
    }
  }
  if (!user) throw new SsoRefused('account_inactive');
  if (!user.is_active) throw new SsoRefused('account_inactive', user.id);
  await tx.query('UPDATE user_identities SET last_sign_in = now() WHERE issuer = $1 AND subject = $2', [identity.issuer, identity.subject]);
  return { user: created ? user : await applyClaims(a, config, user, identity), created };
}

export async function linkIdentity(a: AuditedTx, userId: string, identity: Pick<Identity, 'issuer' | 'subject'>, reason: 'verified_email' | 'admin'): Promise<void> {
  await a.tx.query('INSERT INTO user_identities (issuer, subject, user_id) VALUES ($1, $2, $3)', [identity.issuer, identity.subject, userId]);
  await a.record(ssoLinked(userId, identity.issuer, identity.subject, reason));
}

async function createAccount(a: AuditedTx, config: SsoConfig, identity: Identity): Promise<UserRow> {
  const { tx } = a;
  // The same lock as registration: a registration beside this sign-in still counts this account.
  await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ACCOUNT_LOCK_KEY]);
  const username = await freeUsername(tx, baseUsername(identity.claims, identity.subject));
  const role = await roleId(tx, mappedRole(config, identity.claims));
  const email = emailOf(identity.claims) ?? placeholderEmail(identity);
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO users (username, email, password_hash, role_id, username_skeleton)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [username, email, NO_PASSWORD_HASH, role, usernameSkeleton(username)],
  );
  await tx.query('INSERT INTO user_identities (issuer, subject, user_id) VALUES ($1, $2, $3)', [identity.issuer, identity.subject, rows[0].id]);
  const user = (await findUserById(tx, rows[0].id))!;
  await a.record(userCreated(user, AUDIT_ACTIONS.create));
  return user;
}
