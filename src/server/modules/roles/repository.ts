import type { Role } from '../../../contract';
import type { Queryable } from '../../db/db';
import { iso } from '../../db/rows';

interface Row {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  is_active: boolean;
  is_system: boolean;
  user_count: number;
  created_at: Date;
  updated_at: Date;
  version: number;
  updated_by: string | null;
  updated_by_username: string | null;
}

const toRole = (r: Row): Role => ({
  id: r.id,
  name: r.name,
  description: r.description,
  permissions: r.permissions,
  isActive: r.is_active,
  isSystem: r.is_system,
  userCount: r.user_count,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  version: r.version,
  updatedBy: r.updated_by,
  updatedByUsername: r.updated_by_username,
});

const SELECT = `SELECT r.*, (SELECT count(*) FROM users u WHERE u.role_id = r.id)::int AS user_count,
  (SELECT uu.username FROM users uu WHERE uu.id = r.updated_by) AS updated_by_username FROM roles r`;

/** System roles first, then by name. */
export async function listRoles(db: Queryable): Promise<Role[]> {
  return (await db.query<Row>(`${SELECT} ORDER BY r.is_system DESC, lower(r.name)`)).map(toRole);
}

export async function getRole(db: Queryable, id: string): Promise<Role | null> {
  const rows = await db.query<Row>(`${SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ? toRole(rows[0]) : null;
}

export async function insertRole(db: Queryable, r: { name: string; description: string; permissions: string[]; isActive: boolean }): Promise<string> {
  const rows = await db.query<{ id: string }>(
    'INSERT INTO roles (name, description, permissions, is_active) VALUES ($1, $2, $3, $4) RETURNING id',
    [r.name, r.description, [...new Set(r.permissions)], r.isActive],
  );
  return rows[0].id;
}

export async function updateRole(
  db: Queryable,
  id: string,
  r: { name?: string; description?: string; permissions?: string[]; isActive?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE roles SET name = COALESCE($2, name), description = COALESCE($3, description),
            permissions = COALESCE($4, permissions), is_active = COALESCE($5, is_active), updated_at = now()
      WHERE id = $1`,
    [id, r.name ?? null, r.description ?? null, r.permissions ? [...new Set(r.permissions)] : null, r.isActive ?? null],
  );
}

/** Moves the role's users to viewer and deletes it, in the caller's transaction. Returns the moved user ids. */
export async function deleteRoleMovingUsers(tx: Queryable, id: string): Promise<string[]> {
  const moved = await tx.query<{ id: string }>(
    // A changed role is a change of the user record: its version moves on (db/versions.ts).
    `UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'viewer'), updated_at = now(), version = version + 1 WHERE role_id = $1 RETURNING id`,
    [id],
  );
  await tx.query('DELETE FROM roles WHERE id = $1', [id]);
  return moved.map((m) => m.id);
}
