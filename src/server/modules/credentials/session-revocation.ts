import type { Queryable } from '../../db/db';

/** Ends one sign-in: every refresh token descended from it. */
export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}

/** Ends every session of these users (deactivation, role change): their next request and refresh fail. */
export async function revokeAllForUsers(db: Queryable, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ANY($1::uuid[]) AND revoked_at IS NULL', [userIds]);
}

/**
 * Ends every session of one user except the sign-in `keepFamilyId` (the one changing its
 * password stays signed in; null keeps none). Their access tokens already out are refused from
 * their next request on (plugins/access.ts checks the sign-in).
 */
export async function revokeOtherSessions(db: Queryable, userId: string, keepFamilyId: string | null): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)`,
    [userId, keepFamilyId],
  );
}
