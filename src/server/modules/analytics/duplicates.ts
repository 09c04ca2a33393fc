import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';

/**
 * Likely duplicates: two nodes of the same type whose names are at least this trigram-similar
 * (pg_trgm's similarity, 0 to 1). 0.6 catches "Diabetes mellitus type 2" / "Diabetes mellitus
 * type II" and spelling slips, and leaves apart names that only share a word.
 */
export const DUPLICATE_SIMILARITY = 0.6;
const REFRESH_INTERVAL_MS = 15 * 60_000;
/** Advisory lock of the refresh (transaction-scoped), so that instances take turns. */
const REFRESH_LOCK_KEY = 815_204_023;

/**
 * Recomputes node_likely_duplicates (migration 0023) in one transaction: readers see the old set
 * until the new one is complete. The `%` operator lets the name's trigram index find the
 * candidates of each node instead of comparing every pair. Answers the number of nodes with a likely
 * duplicate, or null when another refresh was running (nothing done).
 */
export async function refreshLikelyDuplicates(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    // One refresh at a time across every instance on the database: a second one (another
    // instance's timer, or a slow refresh overtaken by the next interval) skips rather than
    // queueing behind it and recomputing the same pairs again.
    const [{ ok }] = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [REFRESH_LOCK_KEY]);
    if (!ok) return null;
    await tx.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [String(DUPLICATE_SIMILARITY)]);
    await tx.query('DELETE FROM node_likely_duplicates');
    const rows = await tx.query<{ n: number }>(
      `WITH pairs AS (
         INSERT INTO node_likely_duplicates (node_id, similar_to, similarity)
         SELECT DISTINCT ON (a.id) a.id, b.id, similarity(a.name, b.name)
           FROM nodes a JOIN nodes b ON b.name % a.name AND b.node_type_id = a.node_type_id AND b.id <> a.id
          WHERE similarity(a.name, b.name) >= $1
          ORDER BY a.id, similarity(a.name, b.name) DESC
         RETURNING 1)
       SELECT count(*)::int AS n FROM pairs`,
      [DUPLICATE_SIMILARITY],
    );
    return rows[0]?.n ?? 0;
  });
}

/** Refreshes shortly after start and every 15 minutes (imports and edits show up within that). */
export function scheduleDuplicateRefresh(app: FastifyInstance, firstRunMs = 30_000): void {
  let running = false;
  const run = async () => {
    // A refresh longer than the interval (a very large graph) is not started again under itself.
    if (running) return;
    running = true;
    try {
      await refreshLikelyDuplicates(app.db);
    } catch (err) {
      app.log.warn({ err }, 'Refreshing the likely duplicates failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), firstRunMs);
  const repeat = setInterval(() => void run(), REFRESH_INTERVAL_MS);
  first.unref();
  repeat.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(repeat);
  });
}
