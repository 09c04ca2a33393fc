import type { Queryable } from '../../db/db';
import { findUserById, usernameSkeleton, type UserRow } from '../users';
import { FIRST_ACCOUNT_LOCK_KEY } from '../../platform/locks';

/** Creates an account: admin when it is the first on the installation, viewer otherwise. */
export async function registerUser(
  tx: Queryable,
  input: { username: string; email: string; passwordHash: string },
): Promise<UserRow> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ACCOUNT_LOCK_KEY]);
  const [{ count }] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  const roleName = count === 0 ? 'admin' : 'viewer';
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO users (username, email, password_hash, role_id, last_login, username_skeleton)
     VALUES ($1, $2, $3, (SELECT id FROM roles WHERE name = $4), now(), $5)
     RETURNING id`,
    [input.username, input.email, input.passwordHash, roleName, usernameSkeleton(input.username)],
  );
  return (await findUserById(tx, rows[0].id))!;
}

export interface ProfileChanges {
  username?: string;
  email?: string;
  mobileNo?: string;
  language?: string | null;
  passwordHash?: string;
}

/** Updates only the fields given; returns the updated user (null if it no longer exists). */
export async function updateProfile(db: Queryable, userId: string, changes: ProfileChanges): Promise<UserRow | null> {
  const columns: Record<string, unknown> = {
    username: changes.username,
    username_skeleton: changes.username === undefined ? undefined : usernameSkeleton(changes.username),
    email: changes.email,
    mobile_no: changes.mobileNo === undefined ? undefined : changes.mobileNo || null,
    language: changes.language,
    password_hash: changes.passwordHash,
  };
  const sets: string[] = [];
  const params: unknown[] = [userId];
  for (const [column, value] of Object.entries(columns)) {
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length > 0) {
    await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
  }
  return findUserById(db, userId);
}
