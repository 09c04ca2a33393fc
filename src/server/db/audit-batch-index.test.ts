import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../test/harness';
import type { Db } from './db';

/**
 * The index that finds a record's create event among the imports' batch rows (migration 0031):
 * an import batch's ids go straight into it. Through a GIN pending list, an embedded upload's
 * batch every ~3 s merged the whole list inside its insert and held every request for 65-90 ms.
 */
let db: Db;
beforeAll(async () => {
  db = await cloneDatabase();
});
afterAll(() => db?.close());

const pendingPagesMerged = async () =>
  (await db.query<{ pages: number }>(`SELECT gin_clean_pending_list('audit_created_batches_ids'::regclass)::int AS pages`))[0].pages;

describe('the create events of import batches', () => {
  it('leave no pending list behind, and a record still finds the batch that created it', async () => {
    await pendingPagesMerged();
    const ids = (await db.query<{ id: string }>('SELECT gen_random_uuid() AS id FROM generate_series(1, 1000)')).map((r) => r.id);
    await db.query(
      `INSERT INTO audit_created_batches (entity_type, job_id, entity_ids, names, type_names)
       VALUES ('node', 'job-index-probe', $1::uuid[], $2::text[], $3::text[])`,
      [ids, ids.map((_, i) => `Probe ${i}`), ids.map(() => 'Disease')],
    );
    // Nothing left for a later statement to merge (with a pending list: several pages).
    expect(await pendingPagesMerged()).toBe(0);
    const found = await db.query<{ job_id: string }>('SELECT job_id FROM audit_created_batches WHERE entity_ids @> ARRAY[$1]::uuid[]', [ids[617]]);
    expect(found).toEqual([{ job_id: 'job-index-probe' }]);
  });
});
