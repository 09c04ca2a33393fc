import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type AuthResponse, type NodeUploadResponse } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart, rowsOf } from '../../test/import-fixtures';

/**
 * "Check file": `?dryRun=true` runs the whole upload — every batch's real
 * statements — and writes no data row; its counts are the real upload's of the same file into the
 * same database, across batches too (the file is longer than a PostgreSQL batch of 5,000 rows).
 */
let t: TestApp;
let editor: AuthResponse;
let otherEditor: AuthResponse;

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  const admin = await t.register('admin');
  editor = await t.register('editor');
  otherEditor = await t.register('editor2');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username IN ('editor', 'editor2')`);
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: 'Existing asthma', nodeType: 'Disease', snomedCode: '195967001' } });
});
afterAll(() => t?.close());

const upload = (filename: string, data: Buffer, query = '', token = editor.accessToken) =>
  t.call({ method: 'POST', url: `/api/nodes/upload${query}`, token, ...multipart(filename, data) });

/** Every table a node upload writes to, counted, and the nodes' content. */
async function snapshot() {
  const [counts] = await t.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM nodes) AS nodes, (SELECT count(*)::int FROM node_types) AS types,
            (SELECT count(*)::int FROM relations) AS relations, (SELECT count(*)::int FROM snomed_concepts) AS snomed,
            (SELECT count(*)::int FROM audit_events WHERE action <> 'import') AS data_events,
            (SELECT md5(COALESCE(string_agg(name || '|' || COALESCE(snomed_code, ''), ',' ORDER BY name), '')) FROM nodes) AS content`,
  );
  return counts;
}

const FILLERS = 5_100;
/** Rows whose fate depends on the database and on rows of earlier batches. */
function trickyFile(prefix: string): Buffer {
  return csvOf([
    ['nodename', 'nodetype', 'SNOMED'],
    [`${prefix} New one`, 'Disease', ''], // created
    ['Existing asthma', 'disease', ''], // skipped: in the database
    [`${prefix} Blocked`, 'Disease', '195967001'], // skipped: its code is in the database
    ['Existing Asthma', 'Disease', '900000001'], // skipped by its name; its code stays free
    ['', 'Disease', ''], // refused: no name
    [`${prefix} bad code`, 'Disease', '12ab'], // refused
    [`${prefix} Code first`, 'Disease', '900000002'], // created
    ...Array.from({ length: FILLERS }, (_, i) => [`${prefix} filler ${i}`, `${prefix} Newtype`, '']), // created, with a new type
    [`${prefix.toLowerCase()} new ONE`, 'DISEASE', ''], // skipped: created by the first batch
    [`${prefix} Other`, 'Disease', '900000001'], // created: the row with that code was skipped
    [`${prefix} filler 0`, `${prefix.toLowerCase()} newtype`, ''], // skipped: created by an earlier batch
    [`${prefix} Code reuse`, 'Disease', '900000002'], // skipped: its code was created by the first batch
  ]);
}

describe('POST /nodes/upload?dryRun=true', () => {
  it('answers the counts of the real upload, writes no data row, keeps the job row and its error report', async () => {
    const file = trickyFile('DR');
    const before = await snapshot();
    const jobEventsBefore = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'import'`))[0].n;

    const dry = await upload('check.csv', file, '?dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    const checked = dry.json<NodeUploadResponse>();
    const expected = { total: FILLERS + 11, created: FILLERS + 3, skipped: 6, errors: 2 };
    expect(checked).toMatchObject({ success: true, status: 'completed', dryRun: true, summary: expected });
    expect(checked.message).toBe('Check completed: 5,103 would be created, 6 would be skipped (duplicates), 2 would be refused; nothing was written');
    expect(await snapshot()).toEqual(before);
    // The job's own event is the only one, and says it was a check.
    const events = await t.db.query<{ detail: Record<string, unknown> }>(`SELECT detail FROM audit_log WHERE action = 'import' AND entity_id = $1`, [checked.processId]);
    expect(events).toHaveLength(1);
    expect(events[0].detail).toMatchObject({ dryRun: true, created: FILLERS + 3 });
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'import'`))[0].n).toBe(jobEventsBefore + 1);

    const [job] = await t.db.query<{ dry_run: boolean; status: string; rows_committed: number; summary: object }>(
      'SELECT dry_run, status, rows_committed, summary FROM import_jobs WHERE id = $1',
      [checked.processId],
    );
    expect(job).toMatchObject({ dry_run: true, status: 'completed', rows_committed: 0, summary: expected });
    const dryReport = await t.call({ method: 'GET', url: checked.downloadUrl!, token: editor.accessToken });
    expect(dryReport.statusCode).toBe(200);
    // Someone else's check is theirs alone, like an upload's report.
    expect((await t.call({ method: 'GET', url: checked.downloadUrl!, token: otherEditor.accessToken })).statusCode).toBe(404);

    // The same file for real: the same counts and the same error report.
    const real = await upload('check.csv', file);
    const imported = real.json<NodeUploadResponse>();
    expect(imported).toMatchObject({ status: 'completed', summary: expected });
    expect(imported.dryRun).toBeUndefined();
    const realReport = await t.call({ method: 'GET', url: imported.downloadUrl!, token: editor.accessToken });
    expect(rowsOf(dryReport.rawPayload)).toEqual(rowsOf(realReport.rawPayload));
    expect(rowsOf(dryReport.rawPayload)).toHaveLength(3);
    const after = await snapshot();
    expect(after.nodes - before.nodes).toBe(FILLERS + 3);
    expect(after.types - before.types).toBe(1);

    // Checked again now: everything is there, every valid row would be skipped.
    const again = (await upload('check.csv', file, '?dryRun=1')).json<NodeUploadResponse>();
    expect(again).toMatchObject({ dryRun: true, summary: { total: FILLERS + 11, created: 0, skipped: FILLERS + 9, errors: 2 } });
    expect(await snapshot()).toEqual(after);
  }, 180_000);

  it('refuses a bad file the same way as an upload (nothing kept but the failed job row)', async () => {
    const res = await upload('empty.csv', Buffer.from('nodename\r\n'), '?dryRun=true');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(IMPORT_MESSAGES.headerOnly);
  });

  it('rejects a dryRun value that is not a boolean', async () => {
    const res = await upload('x.csv', csvOf([['nodename'], ['A']]), '?dryRun=maybe');
    expect(res.statusCode).toBe(400);
  });
});

describe('an interrupted check', () => {
  const orphan = async (file: string | null) => {
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by, interrupted, upload_path, upload_format, run_token, dry_run)
       VALUES ('nodes', 'inserting', 40, 'Interrupted', 'c.csv', $1, true, $2, 'csv', gen_random_uuid(), true) RETURNING id`,
      [editor.user.id, file ?? '/nonexistent/kg-upload.csv'],
    );
    await t.db.query(`UPDATE import_jobs SET updated_at = now() - interval '10 minutes' WHERE id = $1`, [row.id]);
    return row.id;
  };
  const jobRow = async (id: string) =>
    (await t.db.query<{ status: string; message: string; dry_run: boolean; summary: object | null }>('SELECT status, message, dry_run, summary FROM import_jobs WHERE id = $1', [id]))[0];

  it('is resumed like an upload — from its first row, as it kept nothing — and still writes nothing', async () => {
    const file = path.join(os.tmpdir(), 'kg-imports', `${randomUUID()}.csv`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, csvOf([['nodename', 'nodetype'], ...Array.from({ length: 1200 }, (_, i) => [`RS ${i % 1000}`, 'Resumed check'])]));
    const before = await snapshot();
    const id = await orphan(file);
    expect((await t.app.recoverJobs()).resumed).toBe(1);
    for (let i = 0; i < 600 && !['completed', 'error'].includes((await jobRow(id)).status); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await jobRow(id)).toMatchObject({ status: 'completed', dry_run: true, summary: { total: 1200, created: 1000, skipped: 200, errors: 0 } });
    expect(await snapshot()).toEqual(before);
  });

  it('without its file ends in error, saying that nothing was written', async () => {
    const id = await orphan(null);
    await t.app.recoverJobs();
    expect(await jobRow(id)).toMatchObject({ status: 'error', message: IMPORT_MESSAGES.checkStopped });
  });
});
