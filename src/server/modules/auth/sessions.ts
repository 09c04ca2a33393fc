import type { AuthResponse } from '../../../contract';
import type { Queryable } from '../../db/db';
import { toUser, type UserRow } from '../users';
import { revokeFamily } from '../credentials';
import { hashRefreshToken, newRefreshToken, signAccessToken } from './tokens';

// Revocation is a credential operation the users and roles modules need too: it lives in credentials.
export { revokeAllForUsers, revokeFamily, revokeOtherSessions } from '../credentials';

export interface TokenSettings {
  secret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
}

/** Stores a new refresh token (in `familyId`, or a new family) and returns both tokens. */
export async function issueSession(db: Queryable, user: UserRow, settings: TokenSettings, familyId?: string): Promise<AuthResponse> {
  return (await issueSessionIn(db, user, settings, familyId)).session;
}

/** issueSession, also naming the sign-in (family) the tokens belong to. */
export async function issueSessionIn(
  db: Queryable,
  user: UserRow,
  settings: TokenSettings,
  familyId?: string,
): Promise<{ session: AuthResponse; familyId: string }> {
  const refreshToken = newRefreshToken();
  const [stored] = await db.query<{ family_id: string }>(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
     VALUES ($1, COALESCE($2::uuid, gen_random_uuid()), $3, now() + make_interval(days => $4))
     RETURNING family_id`,
    [user.id, familyId ?? null, hashRefreshToken(refreshToken), settings.refreshTokenTtlDays],
  );
  return {
    session: {
      accessToken: await signAccessToken(user.id, settings.secret, settings.accessTokenTtlSeconds, { sessionId: stored.family_id }),
      refreshToken,
      user: toUser(user),
    },
    familyId: stored.family_id,
  };
}

export type RotateResult =
  | { ok: true; userId: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Spends a refresh token. A token presented a second time means someone else has a copy:
 * the whole family (every token descended from the same sign-in) is revoked.
 */
export async function spendRefreshToken(db: Queryable, token: string): Promise<RotateResult> {
  const hash = hashRefreshToken(token);
  const spent = await db.query<{ user_id: string; family_id: string }>(
    `UPDATE refresh_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      RETURNING user_id, family_id`,
    [hash],
  );
  if (spent[0]) return { ok: true, userId: spent[0].user_id, familyId: spent[0].family_id };

  const known = await db.query<{ family_id: string; used_at: Date | null; revoked_at: Date | null }>(
    'SELECT family_id, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1',
    [hash],
  );
  if (!known[0]) return { ok: false, reason: 'unknown' };
  if (known[0].used_at || known[0].revoked_at) {
    await revokeFamily(db, known[0].family_id);
    return { ok: false, reason: 'reused' };
  }
  return { ok: false, reason: 'expired' };
}

/** The sign-in of a refresh token that can still be spent (nothing is changed), or null. */
export async function liveFamilyOf(db: Queryable, token: string): Promise<{ familyId: string; userId: string } | null> {
  const rows = await db.query<{ family_id: string; user_id: string }>(
    'SELECT family_id, user_id FROM refresh_tokens WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()',
    [hashRefreshToken(token)],
  );
  return rows[0] ? { familyId: rows[0].family_id, userId: rows[0].user_id } : null;
}

/** The sign-in a refresh token belonged to, spent or revoked alike (sign-out may come after the token was revoked). */
export async function familyOfToken(db: Queryable, token: string): Promise<string | null> {
  const rows = await db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [hashRefreshToken(token)]);
  return rows[0]?.family_id ?? null;
}

export async function revokeByToken(db: Queryable, token: string): Promise<void> {
  const rows = await db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [
    hashRefreshToken(token),
  ]);
  if (rows[0]) await revokeFamily(db, rows[0].family_id);
}
