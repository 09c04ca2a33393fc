import { MESSAGES } from '../../../contract';
import type { Queryable } from '../../db/db';
import { conflict } from '../../plugins/errors';
import { usernameSkeleton } from './skeleton';
import { USERNAME_LOCK_CLASS } from '../../platform/locks';

const FILL_BATCH = 500;

/**
 * Computes the skeleton of every user that has none: accounts from before the column, accounts a
 * backup's restore wrote (the archive does not carry a derived key) and renames made outside the
 * server (the migration's trigger clears a stale one). Cheap when there are none (indexed).
 */
export async function fillMissingSkeletons(db: Queryable): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db.query<{ id: string; username: string }>(
      'SELECT id, username FROM users WHERE username_skeleton IS NULL ORDER BY id LIMIT $1',
      [FILL_BATCH],
    );
    for (const row of rows) {
      await db.query('UPDATE users SET username_skeleton = $3 WHERE id = $1 AND username = $2', [row.id, row.username, usernameSkeleton(row.username)]);
    }
    filled += rows.length;
    if (rows.length < FILL_BATCH) return filled;
  }
}

/**
 * Whether another user's name is the same (regardless of case) or looks the same (one skeleton).
 * Inside a transaction it also takes a lock on the skeleton, held until commit, so two requests
 * cannot both take look-alike names (the column is not unique: older look-alikes may exist).
 */
export async function usernameClashes(db: Queryable, username: string, exceptUserId?: string): Promise<boolean> {
  const key = usernameSkeleton(username);
  await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [USERNAME_LOCK_CLASS, key]);
  await fillMissingSkeletons(db);
  const rows = await db.query(
    `SELECT 1 FROM users WHERE (username_skeleton = $1 OR lower(username) = lower($2)) AND id IS DISTINCT FROM $3::uuid LIMIT 1`,
    [key, username, exceptUserId ?? null],
  );
  return rows.length > 0;
}

/** Refuses a new username that is, or looks like, another user's; keeping one's own name is no change. */
export async function assertUsernameFree(tx: Queryable, username: string, current?: { id: string; username: string }): Promise<void> {
  if (current && username === current.username) return;
  if (await usernameClashes(tx, username, current?.id)) throw conflict(MESSAGES.auth.usernameTaken, 'username_taken');
}
