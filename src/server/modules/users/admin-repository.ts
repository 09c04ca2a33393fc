import type { Queryable } from '../../db/db';
import { usernameSkeleton } from './skeleton';
import { ADMIN_LOCK_KEY } from '../../platform/locks';

export async function lockAdmins(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_LOCK_KEY]);
}

export async function activeAdminCount(tx: Queryable, exceptUserId: string): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id
      WHERE r.name = 'admin' AND r.is_system AND u.is_active AND u.id <> $1`,
    [exceptUserId],
  );
  return n;
}

export interface RoleRef {
  id: string;
  name: string;
  permissions: string[];
  isSystem: boolean;
}

const SELECT_ROLE = 'SELECT id, name, permissions, is_system AS "isSystem" FROM roles';

/** A role by id, or by name when no id is given (with what the grant rules need). */
export async function resolveRole(db: Queryable, roleId?: string, roleName?: string): Promise<RoleRef | null> {
  if (roleId && /^[0-9a-f-]{36}$/i.test(roleId)) {
    return (await db.query<RoleRef>(`${SELECT_ROLE} WHERE id = $1`, [roleId]))[0] ?? null;
  }
  if (roleName) {
    return (await db.query<RoleRef>(`${SELECT_ROLE} WHERE lower(name) = lower($1)`, [roleName]))[0] ?? null;
  }
  return null;
}

export async function insertUser(
  db: Queryable,
  u: { username: string; email: string; passwordHash: string; roleId: string; isActive: boolean; mobileNo?: string },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (username, email, password_hash, role_id, is_active, mobile_no, username_skeleton)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [u.username, u.email, u.passwordHash, u.roleId, u.isActive, u.mobileNo || null, usernameSkeleton(u.username)],
  );
  return rows[0].id;
}

export async function updateUser(
  db: Queryable,
  id: string,
  u: { username?: string; email?: string; roleId?: string; isActive?: boolean; mobileNo?: string },
): Promise<void> {
  await db.query(
    `UPDATE users SET username = COALESCE($2, username), email = COALESCE($3, email), role_id = COALESCE($4::uuid, role_id),
            is_active = COALESCE($5, is_active),
            mobile_no = CASE WHEN $6::boolean THEN NULLIF($7, '') ELSE mobile_no END,
            username_skeleton = COALESCE($8, username_skeleton), updated_at = now()
      WHERE id = $1`,
    [
      id,
      u.username ?? null,
      u.email ?? null,
      u.roleId ?? null,
      u.isActive ?? null,
      u.mobileNo !== undefined,
      u.mobileNo ?? null,
      u.username === undefined ? null : usernameSkeleton(u.username),
    ],
  );
}

export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [id]);
}
