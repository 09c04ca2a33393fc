import { NO_PASSWORD_HASH } from '../credentials';
import { SYSTEM_ROLE_PERMISSIONS, USER_ADMIN_MESSAGES, effectivePermissions, type SsoIdentity, type User } from '../../../contract';
import type { Queryable } from '../../db/db';
import type { VersionedRecord } from '../../db/versions';
import { iso, isoOrNull, likePattern } from '../../db/rows';

/** A user row joined with its role; `password_hash` never leaves the server (see toUser). */
export interface UserRow {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  mobile_no: string | null;
  language: string | null;
  role_id: string | null;
  role_name: string | null;
  role_permissions: string[] | null;
  role_active: boolean | null;
  is_active: boolean;
  last_login: Date | null;
  created_at: Date;
  updated_at: Date;
  version: number;
  updated_by: string | null;
  updated_by_username: string | null;
}

const USER_COLUMNS = `
         u.id, u.username, u.email, u.password_hash, u.mobile_no, u.language, u.role_id, u.is_active,
         u.last_login, u.created_at, u.updated_at, u.version, u.updated_by,
         (SELECT uu.username FROM users uu WHERE uu.id = u.updated_by) AS updated_by_username,
         r.name AS role_name, r.permissions AS role_permissions, r.is_active AS role_active`;
const USER_FROM = 'FROM users u LEFT JOIN roles r ON r.id = u.role_id';
const SELECT_USER = `SELECT ${USER_COLUMNS} ${USER_FROM}`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`${SELECT_USER} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * The user of an access token and whether the sign-in it was issued for (its refresh-token family)
 * is still live: every revocation (sign-out, sign out everywhere, a password or role change,
 * deactivation, a reused refresh token) revokes the family, so the token stops working on its next
 * request. One indexed lookup, the one every request already made for the user.
 */
export async function findUserOfSession(db: Queryable, id: string, sessionId: string): Promise<(UserRow & { session_live: boolean }) | null> {
  const rows = await db.query<UserRow & { session_live: boolean }>(
    `SELECT ${USER_COLUMNS},
            EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = $2::uuid AND t.user_id = u.id AND t.revoked_at IS NULL) AS session_live
       ${USER_FROM} WHERE u.id = $1`,
    [id, sessionId],
  );
  return rows[0] ?? null;
}

/** One socket's sign-in as findSessions reads it. */
export interface SessionState {
  userId: string;
  sessionId: string;
  /** False when the account is inactive or gone, or the sign-in was revoked. */
  live: boolean;
  permissions: string[];
}

/** The state of many sign-ins in one query (the sockets of an instance). Unknown users come back not live. */
export async function findSessions(db: Queryable, sessions: readonly { userId: string; sessionId: string }[]): Promise<SessionState[]> {
  if (sessions.length === 0) return [];
  const rows = await db.query<UserRow & { session_id: string; session_live: boolean }>(
    `SELECT ${USER_COLUMNS}, s.session_id::text AS session_id,
            EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = s.session_id AND t.user_id = u.id AND t.revoked_at IS NULL) AS session_live
       FROM unnest($1::uuid[], $2::uuid[]) AS s (user_id, session_id)
       JOIN users u ON u.id = s.user_id LEFT JOIN roles r ON r.id = u.role_id`,
    [sessions.map((s) => s.userId), sessions.map((s) => s.sessionId)],
  );
  const found = new Map(rows.map((row) => [`${row.id} ${row.session_id}`, row]));
  return sessions.map(({ userId, sessionId }) => {
    const row = found.get(`${userId} ${sessionId}`);
    const live = !!row && row.is_active && row.session_live;
    return { userId, sessionId, live, permissions: live ? userPermissions(row) : [] };
  });
}

/** Sign-in accepts the username or the email, case-insensitively. */
export async function findUserByLogin(db: Queryable, login: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    `${SELECT_USER} WHERE lower(u.username) = lower($1) OR lower(u.email) = lower($1) ORDER BY lower(u.username) = lower($1) DESC LIMIT 1`,
    [login],
  );
  return rows[0] ?? null;
}

/** A user without a role (its role was removed) is treated as a viewer. */
export function userPermissions(row: UserRow): string[] {
  return effectivePermissions(row.role_permissions ?? SYSTEM_ROLE_PERMISSIONS.viewer, row.role_active ?? true);
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    mobileNo: row.mobile_no,
    language: row.language,
    role: row.role_name ?? 'viewer',
    roleId: row.role_id,
    permissions: userPermissions(row),
    isActive: row.is_active,
    hasCredentials: row.password_hash !== NO_PASSWORD_HASH,
    lastLogin: isoOrNull(row.last_login),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
    updatedBy: row.updated_by,
    updatedByUsername: row.updated_by_username,
  };
}

/**
 * The accounts' links to the identity provider of this issuer, by user id. Only for readers who
 * may edit users: a subject is the person's id at the hospital's provider, which whoever reads the
 * full user list (users.read) is not shown by that alone.
 */
export async function ssoIdentitiesOf(db: Queryable, issuer: string, userIds: readonly string[]): Promise<Map<string, SsoIdentity>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.query<{ user_id: string; subject: string; created_at: Date; last_sign_in: Date | null }>(
    'SELECT user_id, subject, created_at, last_sign_in FROM user_identities WHERE issuer = $1 AND user_id = ANY($2::uuid[])',
    [issuer, [...userIds]],
  );
  return new Map(rows.map((r) => [r.user_id, { issuer, subject: r.subject, linkedAt: iso(r.created_at), lastSignIn: isoOrNull(r.last_sign_in) }]));
}

/** Who may see an account's provider identity: readers of full records who may also edit users. */
export const SEES_SSO_IDENTITY = ['users.read', 'users.update'] as const;

/**
 * One page of users by username, optionally matching the username, and the email for a reader who
 * may see emails (`withEmail`): a search must not match what its reader is not shown, or it would
 * reveal the address one guessed letter at a time.
 */
export async function listUsers(
  db: Queryable,
  q: { search?: string; limit: number; skip: number },
  withEmail: boolean,
): Promise<{ rows: UserRow[]; total: number }> {
  const search = q.search?.trim();
  const where = search ? (withEmail ? 'WHERE u.username ILIKE $1 OR u.email ILIKE $1' : 'WHERE u.username ILIKE $1') : '';
  const params = search ? [likePattern(search)] : [];
  const [rows, count] = await Promise.all([
    db.query<UserRow>(`${SELECT_USER} ${where} ORDER BY lower(u.username) LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      q.limit,
      q.skip,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${where}`, params),
  ]);
  return { rows, total: count[0].total };
}

/** Users are versioned records (db/versions.ts); the profile (PUT /auth/profile) claims the same row. */
export const USER_RECORD: VersionedRecord = {
  table: 'users',
  notFound: USER_ADMIN_MESSAGES.notFound,
  current: async (db, id) => {
    const row = await findUserById(db, id);
    return row ? toUser(row) : null;
  },
};
