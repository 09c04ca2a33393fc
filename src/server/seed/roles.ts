import { SYSTEM_ROLE_DESCRIPTIONS, SYSTEM_ROLE_NAMES, SYSTEM_ROLE_PERMISSIONS } from '../../contract';
import type { Queryable } from '../db/db';

/**
 * Creates the system roles, and keeps their permissions equal to the contract's sets on
 * every start, so a new permission in src/contract reaches existing installations.
 */
export async function seedSystemRoles(db: Queryable): Promise<void> {
  for (const name of SYSTEM_ROLE_NAMES) {
    await db.query(
      `INSERT INTO roles (name, description, permissions, is_active, is_system)
       VALUES ($1, $2, $3, true, true)
       ON CONFLICT (lower(name)) DO UPDATE
         SET permissions = EXCLUDED.permissions, is_system = true, is_active = true`,
      [name, SYSTEM_ROLE_DESCRIPTIONS[name], [...SYSTEM_ROLE_PERMISSIONS[name]]],
    );
  }
}
