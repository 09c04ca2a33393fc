import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../test/harness';
import { untilWaitingOnLock } from '../test/lock-waits';
import type { Db } from './db';

/**
 * The checks that replaced the type and user foreign keys of relations (migration 0026): what a
 * relation names must exist, once per statement, with the same errors (23503) the foreign keys
 * gave; a type in use stays; a deleted user's ids become NULL. The end nodes keep their foreign keys.
 */
let db: Db;
let typeId: string;
let userId: string;
let nodes: string[];
const ghost = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  db = await cloneDatabase();
  const nodeType = (await db.query<{ id: string }>(`INSERT INTO node_types (name) VALUES ('Reference Check') RETURNING id`))[0].id;
  nodes = (await db.query<{ id: string }>(`INSERT INTO nodes (name, node_type_id) SELECT 'Ref ' || i, $1 FROM generate_series(1, 4) i RETURNING id`, [nodeType])).map((r) => r.id);
  typeId = (await db.query<{ id: string }>(`INSERT INTO relation_types (name) VALUES ('references') RETURNING id`))[0].id;
  userId = (await db.query<{ id: string }>(`INSERT INTO users (username, email, password_hash) VALUES ('refs', 'refs@example.org', 'x') RETURNING id`))[0].id;
});
afterAll(() => db?.close());

const insert = (source: number, target: number, type: string, user: string | null, name = 'r') =>
  db.query('INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $5)', [nodes[source], nodes[target], type, name, user]);

describe('relation references', () => {
  it('only the end nodes keep per-row foreign keys', async () => {
    const fks = await db.query<{ def: string }>(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'relations'::regclass AND contype = 'f' ORDER BY 1`);
    expect(fks.map((f) => f.def)).toEqual([
      'FOREIGN KEY (source_node_id) REFERENCES nodes(id) ON DELETE CASCADE',
      'FOREIGN KEY (target_node_id) REFERENCES nodes(id) ON DELETE CASCADE',
    ]);
  });

  it('a relation needs an existing type and existing users, on insert and on update', async () => {
    await insert(0, 1, typeId, userId, 'fine');
    await insert(0, 2, typeId, null, 'anonymous');
    await expect(insert(1, 2, ghost, userId)).rejects.toMatchObject({ code: '23503' });
    await expect(insert(1, 2, typeId, ghost)).rejects.toMatchObject({ code: '23503' });
    await expect(db.query(`UPDATE relations SET relation_type_id = $1 WHERE relation_name = 'fine'`, [ghost])).rejects.toMatchObject({ code: '23503' });
    await expect(db.query(`UPDATE relations SET updated_by = $1 WHERE relation_name = 'fine'`, [ghost])).rejects.toMatchObject({ code: '23503' });
    expect(await db.query('SELECT relation_name FROM relations WHERE relation_type_id = $1 ORDER BY 1', [typeId])).toEqual([{ relation_name: 'anonymous' }, { relation_name: 'fine' }]);
  });

  it('one bad row refuses the whole statement', async () => {
    const batch = db.query(
      `INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name, created_by)
       SELECT s, t, $3, 'batch ' || i, CASE WHEN i = 2 THEN $4::uuid ELSE $5::uuid END FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS x(s, t, i)`,
      [[nodes[2], nodes[3], nodes[1]], [nodes[3], nodes[2], nodes[3]], typeId, ghost, userId],
    );
    await expect(batch).rejects.toMatchObject({ code: '23503' });
    expect(await db.query(`SELECT 1 FROM relations WHERE relation_name LIKE 'batch %'`)).toEqual([]);
  });

  it('a type in use cannot be deleted; an unused one can', async () => {
    await expect(db.query('DELETE FROM relation_types WHERE id = $1', [typeId])).rejects.toMatchObject({ code: '23503' });
    const unused = (await db.query<{ id: string }>(`INSERT INTO relation_types (name) VALUES ('unused') RETURNING id`))[0].id;
    expect(await db.query('DELETE FROM relation_types WHERE id = $1 RETURNING id', [unused])).toEqual([{ id: unused }]);
  });

  it("a deleted user's ids become NULL, the relations stay", async () => {
    const other = (await db.query<{ id: string }>(`INSERT INTO users (username, email, password_hash) VALUES ('gone', 'gone@example.org', 'x') RETURNING id`))[0].id;
    await db.query('INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6)', [nodes[3], nodes[0], typeId, 'by two', userId, other]);
    await db.query('DELETE FROM users WHERE id = $1', [other]);
    expect(await db.query(`SELECT created_by, updated_by FROM relations WHERE relation_name = 'by two'`)).toEqual([{ created_by: userId, updated_by: null }]);
  });

  it.runIf(process.env.KG_TEST_DB === 'postgres')('a relation added with a type that is being deleted waits for the delete, then fails', async () => {
    const racing = (await db.query<{ id: string }>(`INSERT INTO relation_types (name) VALUES ('racing') RETURNING id`))[0].id;
    let inserting!: Promise<string>;
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM relation_types WHERE id = $1', [racing]);
      // Another connection: its check waits on the type's row, held by this delete.
      inserting = insert(1, 3, racing, userId, 'racer').then(
        () => 'inserted',
        (err: { code?: string }) => err.code ?? 'error',
      );
      await untilWaitingOnLock(db);
    });
    expect(await inserting).toBe('23503');
    expect(await db.query(`SELECT 1 FROM relations WHERE relation_name = 'racer'`)).toEqual([]);
  });
});
