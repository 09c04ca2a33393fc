import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { cloneDatabase } from '../../test/harness';
import { databaseCounter, memoryCounter } from './attempt-counter';

/** Both counters behind the credential limits: counts per bucket, a window from the first attempt, sweeping. */
let db: Db;
beforeAll(async () => {
  db = await cloneDatabase();
});
afterAll(() => db?.close());

describe('memoryCounter', () => {
  it('counts per bucket and starts a new window once the old one has passed', async () => {
    let now = 1_000_000;
    const counter = memoryCounter(60_000, () => now);
    expect(await counter.hit(['a', 'b'])).toEqual([
      { bucket: 'a', hits: 1, resetMs: 60_000 },
      { bucket: 'b', hits: 1, resetMs: 60_000 },
    ]);
    now += 45_000;
    expect(await counter.hit(['a'])).toEqual([{ bucket: 'a', hits: 2, resetMs: 15_000 }]);
    now += 15_000;
    expect(await counter.hit(['a'])).toEqual([{ bucket: 'a', hits: 1, resetMs: 60_000 }]);
    await counter.sweep();
    now += 1;
    expect((await counter.hit(['b']))[0].hits).toBe(1);
  });
});

describe('databaseCounter', () => {
  it('counts concurrent attempts exactly, resets a passed window and sweeps old rows', async () => {
    const counter = databaseCounter(db, 60_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => counter.hit(['address:x', 'account:y'])));
    expect(answers.map((a) => a[0].hits).sort((p, q) => p - q)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(answers.every((a) => a[1].bucket === 'account:y' && a[0].resetMs > 0 && a[0].resetMs <= 60_000)).toBe(true);

    await db.query(`UPDATE auth_rate_limits SET window_start = now() - interval '61 seconds' WHERE bucket = 'address:x'`);
    expect(await counter.hit(['address:x'])).toMatchObject([{ bucket: 'address:x', hits: 1 }]);

    await db.query(`UPDATE auth_rate_limits SET window_start = now() - interval '2 minutes' WHERE bucket = 'account:y'`);
    await counter.sweep();
    const left = await db.query<{ bucket: string }>('SELECT bucket FROM auth_rate_limits ORDER BY bucket');
    expect(left.map((r) => r.bucket)).toEqual(['address:x']);
  });
});
