import type { Queryable } from '../db/db';
import { newSecret } from '../modules/auth';

/**
 * The access-token secret: the configured one, else one generated on first start and kept
 * in the database, so every server instance on the same database signs alike and sessions
 * survive restarts.
 */
export async function tokenSecret(db: Queryable, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.query(`INSERT INTO server_settings (key, value) VALUES ('token_secret', $1) ON CONFLICT (key) DO NOTHING`, [newSecret()]);
  const rows = await db.query<{ value: string }>(`SELECT value FROM server_settings WHERE key = 'token_secret'`);
  return rows[0].value;
}
