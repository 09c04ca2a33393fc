import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type AuthResponse, type NodeUploadResponse } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { importBatchRows } from '../../db/turns';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart } from '../../test/import-fixtures';

/**
 * A relation import survives what a node upload survives (interrupted.test.ts): stopped mid-way
 * by a server stop it keeps whole batches, says how many, and the next server resumes it from
 * its checkpoint — same job kind machinery, no duplicates, the error rows of the whole file counted.
 */
let t: TestApp;
let editor: AuthResponse;
const BATCH = importBatchRows(process.env.KG_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
const SOURCES = 200;
const TARGETS = 150;

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 0 });
  await t.register('admin');
  editor = await t.register('editor');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'editor'`);
  await t.db.query(`INSERT INTO node_types (name) VALUES ('ResumeType')`);
  await t.db.query(`INSERT INTO relation_types (name) VALUES ('resumes to')`);
  await t.db.query(
    `INSERT INTO nodes (name, node_type_id)
     SELECT 'RS ' || i, (SELECT id FROM node_types WHERE name = 'ResumeType') FROM generate_series(1, $1::int) i
     UNION ALL
     SELECT 'RT ' || i, (SELECT id FROM node_types WHERE name = 'ResumeType') FROM generate_series(1, $2::int) i`,
    [SOURCES, TARGETS],
  );
});
afterAll(() => t?.close());

interface JobDbRow {
  status: string;
  message: string;
  rows_committed: number;
  rows_total: number | null;
  interrupted: boolean;
  upload_path: string | null;
  summary: Record<string, number> | null;
}

async function until(id: string, ok: (row: JobDbRow) => boolean, timeoutMs = 120_000): Promise<JobDbRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.db.query<JobDbRow>('SELECT status, message, rows_committed, rows_total, interrupted, upload_path, summary FROM import_jobs WHERE id = $1', [id]);
    if (ok(row)) return row;
    if (Date.now() > end) throw new Error(`job ${id} did not get there: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const serverOnSameDb = () => buildApp(testConfig({ uploadAnswerWaitMs: 0 }), { db: { ...t.db, close: async () => undefined } });
const imported = async () => (await t.db.query<{ n: number; pairs: number }>(
  `SELECT count(*)::int AS n, count(DISTINCT (source_node_id, target_node_id))::int AS pairs FROM relations
    WHERE relation_type_id = (SELECT id FROM relation_types WHERE name = 'resumes to')`,
))[0];

describe('a relation import stopped mid-way', () => {
  it('keeps whole batches, says how many, and resumes from its checkpoint at the next start without duplicates', async () => {
    const valid = SOURCES * TARGETS;
    const rows: string[][] = [['Source', 'Target', 'Relation type']];
    for (let s = 1; s <= SOURCES; s++) for (let g = 1; g <= TARGETS; g++) rows.push([`RS ${s}`, `RT ${g}`, 'resumes to']);
    // Error rows early in the file: counted again by the resume (the resolution runs again).
    rows.splice(2, 0, ['RS 1', 'RT nobody', 'resumes to'], ['RS 1', 'RT 2', 'no such type']);
    const other = await serverOnSameDb();
    let id: string;
    try {
      const body = multipart('stop.csv', csvOf(rows));
      const res = await other.inject({ method: 'POST', url: '/api/relations/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${editor.accessToken}` } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<NodeUploadResponse>().kind).toBe('relations');
      id = res.json<NodeUploadResponse>().processId;
      await until(id, (r) => r.rows_committed >= BATCH);
    } finally {
      await other.close();
    }
    const [stopped] = await t.db.query<JobDbRow>('SELECT status, message, rows_committed, rows_total, interrupted, upload_path, summary FROM import_jobs WHERE id = $1', [id]);
    expect(stopped).toMatchObject({ status: 'inserting', interrupted: true, rows_total: valid });
    expect(stopped.rows_committed % BATCH).toBe(0);
    expect(stopped.rows_committed).toBeLessThan(valid);
    expect(stopped.message).toBe(IMPORT_MESSAGES.interrupted(stopped.rows_committed, valid));
    expect((await imported()).n).toBe(stopped.rows_committed);
    expect(fs.existsSync(stopped.upload_path!)).toBe(true);

    const next = await serverOnSameDb();
    try {
      const done = await until(id, (r) => r.status === 'completed' || r.status === 'error');
      expect(done).toMatchObject({ status: 'completed', rows_committed: valid, summary: { total: valid + 2, created: valid, skipped: 0, errors: 2 } });
      expect(await imported()).toEqual({ n: valid, pairs: valid });
    } finally {
      await next.close();
    }
  });
});
