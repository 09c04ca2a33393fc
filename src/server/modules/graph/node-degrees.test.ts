import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Graph, NodeUploadResponse } from '../../../contract';
import type { Db } from '../../db/db';
import { migrationFiles } from '../../db/migrate';
import { openPglite } from '../../db/pglite/pglite';
import { openPostgres } from '../../db/postgres';
import { withDatabase } from '../../test/global-setup';
import { testApp, type TestApp } from '../../test/harness';
import { multipart, xlsxOf } from '../../test/import-fixtures';
import { untilWaitingOnLock } from '../../test/lock-waits';

/**
 * Node degrees live in node_degrees (migration 0025), kept by the relation triggers: every way a
 * relation comes or goes (form, import, moved ends, a deleted node) leaves each node's degree
 * equal to its number of relations, as the graph answers it.
 */
let t: TestApp;
let admin: AuthResponse;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  admin = await t.register('admin');
  for (const name of ['Disease', 'Symptom']) await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name } });
  await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'symptom of' } });
  for (const [name, nodeType] of [
    ['Flu', 'Disease'],
    ['Malaria', 'Disease'],
    ['Fever', 'Symptom'],
    ['Chills', 'Symptom'],
    ['Cough', 'Symptom'],
    ['Lonely', 'Symptom'],
  ]) {
    const res = await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name, nodeType } });
    expect(res.statusCode).toBe(201);
    ids[name] = res.json<{ id: string }>().id;
  }
});
afterAll(() => t?.close());

/** Each node's degree as GET /graph answers it, by name. */
async function degrees(): Promise<Record<string, number>> {
  const res = await t.call({ method: 'GET', url: '/api/graph', token: admin.accessToken });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json<Graph>().nodes.map((n) => [n.name, n.degree]));
}

/** The stored degrees agree with a count of the relations, and each row's type with its node's (migration 0028), for every node. */
async function expectConsistent() {
  expect(await t.db.query('SELECT n.name FROM node_degrees d JOIN nodes n ON n.id = d.node_id WHERE d.node_type_id IS DISTINCT FROM n.node_type_id')).toEqual([]);
  const wrong = await t.db.query(
    `SELECT n.name, COALESCE(d.degree, 0) AS stored, (SELECT count(*)::int FROM relations r WHERE n.id IN (r.source_node_id, r.target_node_id)) AS counted
       FROM nodes n LEFT JOIN node_degrees d ON d.node_id = n.id
      WHERE COALESCE(d.degree, 0) <> (SELECT count(*)::int FROM relations r WHERE n.id IN (r.source_node_id, r.target_node_id))`,
  );
  expect(wrong).toEqual([]);
}

const relate = async (source: string, target: string) => {
  const res = await t.call({ method: 'POST', url: '/api/relations', token: admin.accessToken, payload: { relationName: 'of', sourceNodeId: ids[source], targetNodeId: ids[target], relationType: 'symptom of' } });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
};

describe('node degrees (node_degrees, migration 0025)', () => {
  it('follow relation create, move, delete, import and node delete', async () => {
    expect(await degrees()).toEqual({ Flu: 0, Malaria: 0, Fever: 0, Chills: 0, Cough: 0, Lonely: 0 });

    const feverFlu = await relate('Fever', 'Flu');
    await relate('Chills', 'Flu');
    expect(await degrees()).toMatchObject({ Flu: 2, Fever: 1, Chills: 1, Malaria: 0 });

    // Both ends moved: Fever→Flu becomes Cough→Malaria.
    const moved = await t.call({ method: 'PUT', url: `/api/relations/${feverFlu}`, token: admin.accessToken, payload: { relationName: 'of', sourceNodeId: ids.Cough, targetNodeId: ids.Malaria, relationType: 'symptom of' } });
    expect(moved.statusCode).toBe(200);
    expect(await degrees()).toMatchObject({ Flu: 1, Fever: 0, Chills: 1, Cough: 1, Malaria: 1 });
    // A change that moves no end leaves the degrees.
    const renamed = await t.call({ method: 'PUT', url: `/api/relations/${feverFlu}`, token: admin.accessToken, payload: { relationName: 'renamed', sourceNodeId: ids.Cough, targetNodeId: ids.Malaria, relationType: 'symptom of' } });
    expect(renamed.statusCode).toBe(200);
    expect(await degrees()).toMatchObject({ Flu: 1, Fever: 0, Chills: 1, Cough: 1, Malaria: 1 });

    expect((await t.call({ method: 'DELETE', url: `/api/relations/${feverFlu}`, token: admin.accessToken })).statusCode).toBe(204);
    expect(await degrees()).toMatchObject({ Flu: 1, Chills: 1, Cough: 0, Malaria: 0 });

    // The import: one statement for many relations, some of them to nodes without a row yet.
    const upload = await t.call({
      method: 'POST',
      url: '/api/relations/upload',
      token: admin.accessToken,
      ...multipart('relations.xlsx', xlsxOf([
        ['source', 'target', 'relation_type'],
        ['Fever', 'Flu', 'symptom of'],
        ['Fever', 'Malaria', 'symptom of'],
        ['Cough', 'Malaria', 'symptom of'],
        ['Chills', 'Malaria', 'symptom of'],
        // Already there: skipped, and not counted twice.
        ['Chills', 'Flu', 'symptom of'],
      ])),
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json<NodeUploadResponse>().summary).toMatchObject({ created: 4, skipped: 1 });
    expect(await degrees()).toEqual({ Flu: 2, Malaria: 3, Fever: 2, Chills: 2, Cough: 1, Lonely: 0 });
    await expectConsistent();

    // Deleting a node removes its relations, so its neighbours lose them, and its own row goes with it.
    expect((await t.call({ method: 'DELETE', url: `/api/nodes/${ids.Malaria}`, token: admin.accessToken })).statusCode).toBe(204);
    expect(await degrees()).toEqual({ Flu: 2, Fever: 1, Chills: 1, Cough: 0, Lonely: 0 });
    expect(await t.db.query('SELECT 1 FROM node_degrees WHERE node_id = $1', [ids.Malaria])).toEqual([]);
    await expectConsistent();
  });

  it('keeps the best-connected nodes of a truncated graph, nodes without relations last', async () => {
    const res = await t.call({ method: 'GET', url: '/api/graph', token: admin.accessToken, query: { limit: '2' } });
    expect(res.json<Graph>()).toMatchObject({ truncated: true, totalNodes: 5 });
    expect(res.json<Graph>().nodes.map((n) => [n.name, n.degree])).toEqual([['Flu', 2], ...(ids.Chills < ids.Fever ? [['Chills', 1]] : [['Fever', 1]])]);
  });

  it("keeps one type's best-connected nodes, and follows a node that changes type (migration 0028)", async () => {
    const ofType = async (nodeTypes: string, limit: string) => {
      const res = await t.call({ method: 'GET', url: '/api/graph', token: admin.accessToken, query: { nodeTypes, limit } });
      expect(res.statusCode).toBe(200);
      return res.json<Graph>();
    };
    // Symptoms: Fever 1, Chills 1, Cough 0, Lonely 0. Flu (2, the best connected) is a Disease.
    const symptoms = await ofType('symptom', '3');
    expect(symptoms).toMatchObject({ truncated: true, totalNodes: 4 });
    const withoutRelations = [ids.Cough, ids.Lonely].sort()[0];
    expect(symptoms.nodes.map((n) => n.id)).toEqual([...[ids.Chills, ids.Fever].sort(), withoutRelations]);

    // Cough lost its only relation (Malaria was deleted) but keeps its row, at 0. It may change type
    // (no relations): its row follows, so its next relation counts for the Diseases, not the Symptoms.
    const cough = await t.call({ method: 'PUT', url: `/api/nodes/${ids.Cough}`, token: admin.accessToken, payload: { name: 'Cough', nodeType: 'Disease' } });
    expect(cough.statusCode).toBe(200);
    await expectConsistent();
    await relate('Cough', 'Flu');
    expect((await ofType('disease', '1')).nodes.map((n) => [n.name, n.degree])).toEqual([['Flu', 3]]);
    expect((await ofType('DISEASE', '2')).nodes.map((n) => [n.name, n.degree])).toEqual([['Flu', 3], ['Cough', 1]]);
    expect((await ofType('symptom', '3')).nodes.map((n) => n.name)).not.toContain('Cough');
    expect((await ofType('symptom,disease', '1')).nodes.map((n) => n.name)).toEqual(['Flu']);

    // A row written without its type (the previous version's backup restore) gets it from its node.
    await t.db.query('DELETE FROM node_degrees WHERE node_id = $1', [ids.Fever]);
    await t.db.query('INSERT INTO node_degrees (node_id, degree) VALUES ($1, 1)', [ids.Fever]);
    await expectConsistent();
  });

  it.runIf(process.env.KG_TEST_DB === 'postgres')('two writers giving a node its first relations at once both count', async () => {
    const fresh = (await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: 'Measles', nodeType: 'Disease' } })).json<{ id: string }>().id;
    const insert = (source: string) => `INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name)
      SELECT '${ids[source]}', '${fresh}', id, 'of' FROM relation_types WHERE name = 'symptom of'`;
    let second!: Promise<unknown>;
    await t.db.transaction(async (tx) => {
      await tx.query(insert('Fever'));
      // The other writer's insert of the same new node_degrees row waits for this one, then adds to it.
      second = t.db.query(insert('Cough'));
      await untilWaitingOnLock(t.db);
    });
    await second;
    expect((await degrees()).Measles).toBe(2);
    await expectConsistent();
  });
});

/** A database of its own, migrated by hand (not the template, which has every migration). */
async function emptyDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  if (process.env.KG_TEST_DB !== 'postgres') {
    const db = await openPglite({ dataDir: null });
    return { db, drop: () => db.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `kg_degrees_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const db = await openPostgres(withDatabase(base, name), 2);
  return {
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe('migration 0025', () => {
  it('moves each node degree of an existing graph into node_degrees and drops the column', async () => {
    const { db, drop } = await emptyDatabase();
    try {
      const [before, [degreeMigration]] = [migrationFiles().filter((m) => m.version < '0025'), migrationFiles().filter((m) => m.version.startsWith('0025_'))];
      for (const m of before) await db.exec(m.sql);
      const [{ id: type }] = await db.query<{ id: string }>(`INSERT INTO node_types (name) VALUES ('Thing') RETURNING id`);
      const [{ id: relType }] = await db.query<{ id: string }>(`INSERT INTO relation_types (name) VALUES ('linked') RETURNING id`);
      const nodes = await db.query<{ id: string }>(`INSERT INTO nodes (name, node_type_id) SELECT 'N' || i, $1 FROM generate_series(1, 4) i RETURNING id`, [type]);
      const n = nodes.map((x) => x.id);
      await db.query(
        `INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name) SELECT s, t, $3, 'r' FROM unnest($1::uuid[], $2::uuid[]) AS x(s, t)`,
        [[n[0], n[0], n[1]], [n[1], n[2], n[2]], relType],
      );
      // The degrees as migration 0004 kept them in nodes.
      expect((await db.query<{ degree: number }>('SELECT degree FROM nodes WHERE id = ANY($1::uuid[])', [n])).map((r) => r.degree).sort()).toEqual([0, 2, 2, 2]);

      await db.exec(degreeMigration.sql);
      const stored = await db.query<{ node_id: string; degree: number }>('SELECT node_id, degree FROM node_degrees');
      expect(Object.fromEntries(stored.map((r) => [r.node_id, r.degree]))).toEqual({ [n[0]]: 2, [n[1]]: 2, [n[2]]: 2 });
      expect(await db.query(`SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'nodes' AND column_name = 'degree'`)).toEqual([]);
      // The triggers now write node_degrees: the fourth node's first relation gives it a row.
      await db.query(`INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name) VALUES ($1, $2, $3, 'r')`, [n[3], n[0], relType]);
      expect((await db.query<{ degree: number }>('SELECT degree FROM node_degrees WHERE node_id = ANY($1::uuid[]) ORDER BY degree', [[n[0], n[3]]])).map((r) => r.degree)).toEqual([1, 3]);
    } finally {
      await drop();
    }
  });
});

describe('migration 0028', () => {
  it("gives each row its node's type, also after an operator ran its steps by hand on part of the table", async () => {
    const { db, drop } = await emptyDatabase();
    try {
      const migrations = migrationFiles();
      for (const m of migrations.filter((m) => m.version < '0028')) await db.exec(m.sql);
      const [{ id: thing }] = await db.query<{ id: string }>(`INSERT INTO node_types (name) VALUES ('Thing') RETURNING id`);
      const [{ id: other }] = await db.query<{ id: string }>(`INSERT INTO node_types (name) VALUES ('Other') RETURNING id`);
      const [{ id: relType }] = await db.query<{ id: string }>(`INSERT INTO relation_types (name) VALUES ('linked') RETURNING id`);
      const n = (await db.query<{ id: string }>(`INSERT INTO nodes (name, node_type_id) SELECT 'N' || i, CASE WHEN i <= 2 THEN $1::uuid ELSE $2::uuid END FROM generate_series(1, 4) i RETURNING id`, [thing, other])).map((x) => x.id);
      await db.query(
        `INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name) SELECT s, t, $3, 'r' FROM unnest($1::uuid[], $2::uuid[]) AS x(s, t)`,
        [[n[0], n[0], n[2]], [n[1], n[2], n[3]], relType],
      );
      // The steps of docs/OPERATIONS.md, the backfill stopped after one row.
      await db.exec('ALTER TABLE node_degrees ADD COLUMN IF NOT EXISTS node_type_id uuid');
      await db.query('UPDATE node_degrees d SET node_type_id = n.node_type_id FROM nodes n WHERE n.id = d.node_id AND d.node_id = $1', [n[0]]);
      await db.exec(migrations.find((m) => m.version.startsWith('0028_'))!.sql);
      const rows = await db.query<{ node_id: string; degree: number; node_type_id: string }>('SELECT node_id, degree, node_type_id FROM node_degrees ORDER BY degree DESC, node_id');
      expect(Object.fromEntries(rows.map((r) => [r.node_id, [r.degree, r.node_type_id]]))).toEqual({
        [n[0]]: [2, thing],
        [n[1]]: [1, thing],
        [n[2]]: [2, other],
        [n[3]]: [1, other],
      });
      expect(await db.query(`SELECT 1 FROM pg_indexes WHERE tablename = 'node_degrees' AND indexname = 'node_degrees_best'`)).toHaveLength(1);
    } finally {
      await drop();
    }
  });
});
