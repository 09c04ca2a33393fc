import type { Queryable } from '../../db/db';
import { randomCode, seal, sha256 } from './tokens/secret-box';

/**
 * What a session signed in through the provider keeps: the provider identity and its session id
 * (back-channel logout names either), the ID token (the hint for RP-initiated logout) and the
 * provider's refresh token, sealed (the hourly re-check). A finished redirect sign-in first waits
 * as a one-time code (one minute) that the page trades for its tokens: tokens never travel in a URL.
 */
export interface SsoSessionData {
  userId: string;
  issuer: string;
  subject: string;
  providerSid: string | null;
  idToken: string | null;
  providerRefresh: string | null;
}

export const HANDOFF_SECONDS = 60;

export async function createHandoff(db: Queryable, data: SsoSessionData, secret: string): Promise<string> {
  const code = randomCode();
  await db.query('DELETE FROM sso_handoffs WHERE expires_at < now()');
  await db.query(
    `INSERT INTO sso_handoffs (code_hash, user_id, subject, provider_sid, id_token, provider_refresh, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [sha256(code), data.userId, data.subject, data.providerSid, data.idToken, data.providerRefresh ? seal(data.providerRefresh, secret) : null, HANDOFF_SECONDS],
  );
  return code;
}

/** Spends a one-time code: the sign-in it stands for, or null (unknown, spent or expired). */
export async function spendHandoff(db: Queryable, code: string, issuer: string): Promise<(Omit<SsoSessionData, 'providerRefresh'> & { sealedRefresh: string | null }) | null> {
  const rows = await db.query<{ user_id: string; subject: string; provider_sid: string | null; id_token: string | null; provider_refresh: string | null }>(
    'DELETE FROM sso_handoffs WHERE code_hash = $1 AND expires_at > now() RETURNING user_id, subject, provider_sid, id_token, provider_refresh',
    [sha256(code)],
  );
  const row = rows[0];
  if (!row) return null;
  return { userId: row.user_id, issuer, subject: row.subject, providerSid: row.provider_sid, idToken: row.id_token, sealedRefresh: row.provider_refresh };
}

export async function storeSsoSession(
  db: Queryable,
  familyId: string,
  data: Omit<SsoSessionData, 'providerRefresh'> & { sealedRefresh: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO sso_sessions (family_id, user_id, issuer, subject, provider_sid, id_token, provider_refresh)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [familyId, data.userId, data.issuer, data.subject, data.providerSid, data.idToken, data.sealedRefresh],
  );
}

export interface SsoSessionRow {
  family_id: string;
  user_id: string;
  issuer: string;
  subject: string;
  provider_sid: string | null;
  id_token: string | null;
  provider_refresh: string | null;
  checked_at: Date;
}

export async function findSsoSession(db: Queryable, familyId: string): Promise<SsoSessionRow | null> {
  const rows = await db.query<SsoSessionRow>('SELECT * FROM sso_sessions WHERE family_id = $1', [familyId]);
  return rows[0] ?? null;
}

export async function markChecked(db: Queryable, familyId: string, sealedRefresh: string | null): Promise<void> {
  await db.query('UPDATE sso_sessions SET checked_at = now(), provider_refresh = COALESCE($2, provider_refresh) WHERE family_id = $1', [familyId, sealedRefresh]);
}

/** Revokes the live sessions a back-channel logout names (by provider session, else every one of the subject). */
export async function revokeProviderSessions(db: Queryable, issuer: string, subject: string | null, providerSid: string | null): Promise<{ userId: string; count: number }[]> {
  const rows = await db.query<{ user_id: string; family_id: string }>(
    `SELECT s.user_id, s.family_id FROM sso_sessions s
      WHERE s.issuer = $1 AND ($2::text IS NULL OR s.subject = $2) AND ($3::text IS NULL OR s.provider_sid = $3)`,
    [issuer, subject, providerSid],
  );
  const families = rows.map((r) => r.family_id);
  if (families.length === 0) return [];
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = ANY($1::uuid[]) AND revoked_at IS NULL', [families]);
  await db.query('DELETE FROM sso_sessions WHERE family_id = ANY($1::uuid[])', [families]);
  const byUser = new Map<string, number>();
  for (const r of rows) byUser.set(r.user_id, (byUser.get(r.user_id) ?? 0) + 1);
  return [...byUser].map(([userId, count]) => ({ userId, count }));
}
