import type { Db, Queryable } from '../../db/db';

/** One bucket's count after an attempt: attempts in its current window, and when that window ends. */
export interface BucketCount {
  bucket: string;
  hits: number;
  resetMs: number;
}

/**
 * Counts attempts per bucket (a client address, an account) in fixed windows that start at a
 * bucket's first attempt. Every attempt counts, refused ones included, so hammering through a
 * refusal keeps the bucket closed instead of opening it again.
 */
export interface AttemptCounter {
  /** Counts one attempt against each bucket, atomically per bucket. */
  hit(buckets: readonly string[]): Promise<BucketCount[]>;
  /** Forgets buckets whose window has passed. */
  sweep(): Promise<void>;
}

/** In-process counter: the embedded database is held by one process (data-dir lock), so this is exact. */
export function memoryCounter(windowMs: number, now: () => number = Date.now): AttemptCounter {
  const buckets = new Map<string, { start: number; hits: number }>();
  return {
    async hit(keys) {
      const t = now();
      return keys.map((bucket) => {
        let entry = buckets.get(bucket);
        if (!entry || entry.start <= t - windowMs) {
          entry = { start: t, hits: 0 };
          buckets.set(bucket, entry);
        }
        entry.hits += 1;
        return { bucket, hits: entry.hits, resetMs: entry.start + windowMs - t };
      });
    },
    async sweep() {
      const t = now();
      for (const [bucket, entry] of buckets) if (entry.start <= t - windowMs) buckets.delete(bucket);
    },
  };
}

/**
 * Counter in the auth_rate_limits table (migration 0009), shared by every instance on the same
 * PostgreSQL. One upsert per attempt: the row lock of ON CONFLICT makes concurrent increments from
 * any instance exact, and the database's clock is the one clock, so instances cannot disagree on a
 * window. Buckets are upserted in sorted order so two requests never wait on each other in a cycle.
 */
export function databaseCounter(db: Queryable, windowMs: number): AttemptCounter {
  const seconds = windowMs / 1000;
  return {
    async hit(keys) {
      if (keys.length === 0) return [];
      const rows = await db.query<{ bucket: string; hits: number; reset_ms: number }>(
        `INSERT INTO auth_rate_limits AS l (bucket, window_start, hits)
           SELECT b, now(), 1 FROM unnest($1::text[]) AS b ORDER BY b
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN l.window_start > now() - make_interval(secs => $2) THEN l.hits + 1 ELSE 1 END,
           window_start = CASE WHEN l.window_start > now() - make_interval(secs => $2) THEN l.window_start ELSE now() END
         RETURNING bucket, hits, (extract(epoch FROM l.window_start + make_interval(secs => $2) - now()) * 1000)::float8 AS reset_ms`,
        [[...new Set(keys)].sort(), seconds],
      );
      const byBucket = new Map(rows.map((r) => [r.bucket, r]));
      return keys.map((bucket) => {
        const row = byBucket.get(bucket)!;
        return { bucket, hits: Number(row.hits), resetMs: Number(row.reset_ms) };
      });
    },
    async sweep() {
      await db.query('DELETE FROM auth_rate_limits WHERE window_start <= now() - make_interval(secs => $1)', [seconds]);
    },
  };
}

/** Shared through the database on PostgreSQL; in process on the embedded database. */
export function attemptCounterFor(db: Db, windowMs: number): AttemptCounter {
  return db.kind === 'postgres' ? databaseCounter(db, windowMs) : memoryCounter(windowMs);
}
