import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { testApp, type TestApp } from '../../test/harness';
import { multipart, zipOf } from '../../test/import-fixtures';

/**
 * A release import stopped mid-way (its server closes) keeps whole batches, says so, and the
 * next server resumes it from the checkpoint — part and row — with every row once and exact
 * counts, then builds the hierarchy.
 */
let t: TestApp;
let editor: AuthResponse;

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 0 });
  await t.register('admin');
  editor = await t.register('editor');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'editor'`);
});
afterAll(() => t?.close());

const serverOnSameDb = () => buildApp(testConfig({ uploadAnswerWaitMs: 0 }), { db: { ...t.db, close: async () => undefined } });

interface JobRow {
  id: string;
  status: string;
  message: string;
  rows_committed: number;
  interrupted: boolean;
  summary: Record<string, number> | null;
}
async function until(filename: string, ok: (row: JobRow) => boolean, timeoutMs = 90_000): Promise<JobRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.db.query<JobRow>('SELECT id, status, message, rows_committed, interrupted, summary FROM import_jobs WHERE filename = $1', [filename]);
    if (row && ok(row)) return row;
    if (Date.now() > end) throw new Error(`job ${filename} did not get there: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const N = 12_000;
const id = (i: number) => (i === 0 ? '138875005' : `${100000 + i}00${i % 10}`);
const file = (header: string, rows: string[]) => Buffer.from([header, ...rows].join('\r\n') + '\r\n');
const M = '900000000000207008';
const release = zipOf([
  {
    name: 'Snapshot/Terminology/sct2_Concept_Snapshot_INT_20250101.txt',
    data: file('id\teffectiveTime\tactive\tmoduleId\tdefinitionStatusId', Array.from({ length: N }, (_, i) => `${id(i)}\t20250101\t1\t${M}\t900000000000074008`)),
  },
  {
    name: 'Snapshot/Terminology/sct2_Relationship_Snapshot_INT_20250101.txt',
    data: file(
      'id\teffectiveTime\tactive\tmoduleId\tsourceId\tdestinationId\trelationshipGroup\ttypeId\tcharacteristicTypeId\tmodifierId',
      Array.from({ length: N - 1 }, (_, k) => `${5000000 + k}021\t20250101\t1\t${M}\t${id(k + 1)}\t${id(Math.floor(k / 3))}\t0\t116680003\t900000000000011006\t900000000000451002`),
    ),
  },
]);

describe('a release import stopped mid-way', () => {
  it('resumes from its checkpoint: every row once, counts exact, the hierarchy built', async () => {
    const name = 'SnomedCT_Resume_20250101.zip';
    const other = await serverOnSameDb();
    try {
      const body = multipart(name, release);
      const answer = other.inject({ method: 'POST', url: '/api/snomed/import', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${editor.accessToken}` } });
      await until(name, (r) => r.rows_committed > 0);
      await other.close();
      expect((await answer).statusCode).toBe(503);
    } finally {
      await other.close();
    }
    const stopped = await until(name, () => true);
    expect(stopped).toMatchObject({ status: 'inserting', interrupted: true });
    expect(stopped.rows_committed).toBeLessThan(2 * N - 1);

    const next = await serverOnSameDb();
    try {
      const done = await until(name, (r) => r.status === 'completed' || r.status === 'error');
      expect(done, done.message).toMatchObject({ status: 'completed', summary: { totalRows: 2 * N - 1, created: 2 * N - 1, updated: 0, unchanged: 0, errors: 0 } });
    } finally {
      await next.close();
    }
    const [{ concepts, relationships, pairs }] = await t.db.query<{ concepts: number; relationships: number; pairs: number }>(
      `SELECT (SELECT count(*)::int FROM snomed_rf2_concepts) AS concepts, (SELECT count(*)::int FROM snomed_relationships) AS relationships,
              (SELECT count(*)::int FROM snomed_closure WHERE ancestor_id = '138875005') AS pairs`,
    );
    expect({ concepts, relationships, pairs }).toEqual({ concepts: N, relationships: N - 1, pairs: N - 1 });
  });
});
