import type { Queryable } from '../db/db';

/**
 * For race tests on PostgreSQL: resolves once `count` sessions of the current database wait for a
 * lock — the other writer has reached the row the test's transaction holds — instead of sleeping
 * and hoping it has. `db` must be a connection outside that transaction (pg_stat_activity is read
 * once per transaction).
 */
export async function untilWaitingOnLock(db: Queryable, count = 1, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (n >= count) return;
    if (Date.now() > deadline) throw new Error(`no session waited for a lock within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
