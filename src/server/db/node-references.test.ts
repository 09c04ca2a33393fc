import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../test/harness';
import { untilWaitingOnLock } from '../test/lock-waits';
import type { Db } from './db';

/**
 * The checks that replaced the foreign keys of nodes (migration 0007): what a node names must
 * exist, once per statement, with the same errors (23503) the foreign keys gave.
 */
let db: Db;
let typeId: string;
let userId: string;
const ghost = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  db = await cloneDatabase();
  typeId = (await db.query<{ id: string }>(`INSERT INTO node_types (name) VALUES ('Reference Check') RETURNING id`))[0].id;
  userId = (await db.query<{ id: string }>(`INSERT INTO users (username, email, password_hash) VALUES ('refs', 'refs@example.org', 'x') RETURNING id`))[0].id;
});
afterAll(() => db?.close());

const insert = (name: string, type: string, user: string | null) =>
  db.query('INSERT INTO nodes (name, node_type_id, created_by, updated_by) VALUES ($1, $2, $3, $3)', [name, type, user]);

describe('node references', () => {
  it('are checked by the triggers alone (no per-row foreign keys left on nodes)', async () => {
    expect(await db.query(`SELECT conname FROM pg_constraint WHERE conrelid = 'nodes'::regclass AND contype = 'f'`)).toEqual([]);
  });

  it('a node needs an existing type and existing users, on insert and on update', async () => {
    await insert('Fine', typeId, userId);
    await insert('Anonymous', typeId, null);
    await expect(insert('No type', ghost, userId)).rejects.toMatchObject({ code: '23503' });
    await expect(insert('No user', typeId, ghost)).rejects.toMatchObject({ code: '23503' });
    await expect(db.query('UPDATE nodes SET node_type_id = $1 WHERE name = $2', [ghost, 'Fine'])).rejects.toMatchObject({ code: '23503' });
    await expect(db.query('UPDATE nodes SET updated_by = $1 WHERE name = $2', [ghost, 'Fine'])).rejects.toMatchObject({ code: '23503' });
    expect(await db.query('SELECT name FROM nodes WHERE node_type_id = $1 ORDER BY name', [typeId])).toEqual([{ name: 'Anonymous' }, { name: 'Fine' }]);
  });

  it('one bad row refuses the whole statement', async () => {
    const batch = db.query(
      `INSERT INTO nodes (name, node_type_id, created_by) SELECT 'Batch ' || i, CASE WHEN i = 500 THEN $2::uuid ELSE $1::uuid END, $3::uuid FROM generate_series(1, 1000) i`,
      [typeId, ghost, userId],
    );
    await expect(batch).rejects.toMatchObject({ code: '23503' });
    expect(await db.query(`SELECT 1 FROM nodes WHERE name LIKE 'Batch %'`)).toEqual([]);
  });

  it('a type in use cannot be deleted; an unused one can', async () => {
    await expect(db.query('DELETE FROM node_types WHERE id = $1', [typeId])).rejects.toMatchObject({ code: '23503' });
    const unused = (await db.query<{ id: string }>(`INSERT INTO node_types (name) VALUES ('Unused Type') RETURNING id`))[0].id;
    expect(await db.query('DELETE FROM node_types WHERE id = $1 RETURNING id', [unused])).toEqual([{ id: unused }]);
  });

  it.runIf(process.env.KG_TEST_DB === 'postgres')('an update that changes no reference does not touch the referenced rows (as a foreign key)', async () => {
    const outcome = await db.transaction(async (tx) => {
      // Another writer holds the type's row (as an admin renaming it would).
      await tx.query('SELECT 1 FROM node_types WHERE id = $1 FOR UPDATE', [typeId]);
      return db
        .transaction(async (other) => {
          await other.query("SET LOCAL lock_timeout = '2s'");
          await other.query(`UPDATE nodes SET description = 'touched' WHERE node_type_id = $1`, [typeId]);
          return 'updated';
        })
        .catch((err: { code?: string }) => err.code ?? 'error');
    });
    expect(outcome).toBe('updated');
  });

  it.runIf(process.env.KG_TEST_DB === 'postgres')('a node added with a type that is being deleted waits for the delete, then fails', async () => {
    const racing = (await db.query<{ id: string }>(`INSERT INTO node_types (name) VALUES ('Racing Type') RETURNING id`))[0].id;
    let inserting!: Promise<string>;
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM node_types WHERE id = $1', [racing]);
      // Another connection: its check waits on the type's row, held by this delete.
      inserting = insert('Racer', racing, userId).then(
        () => 'inserted',
        (err: { code?: string }) => err.code ?? 'error',
      );
      await untilWaitingOnLock(db);
    });
    expect(await inserting).toBe('23503');
    expect(await db.query(`SELECT 1 FROM nodes WHERE name = 'Racer'`)).toEqual([]);
  });
});
