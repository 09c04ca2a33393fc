import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_MESSAGES, MESSAGES, type AuthResponse, type NodeUploadResponse } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart } from '../../test/import-fixtures';

/**
 * A job that fails for a reason of the server's — here a real database error, raised by a trigger
 * on a row's insert — ends with the declared (translated) text, never the database's own message:
 * not in the HTTP answer, not in the job row that the progress events and late joiners read. The
 * server log keeps the detail.
 */
let t: TestApp;
let admin: AuthResponse;
const SECRET = 'internal detail: relation "nodes" column 42';

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  admin = await t.register('admin');
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  await t.db.exec(`
    CREATE FUNCTION test_refuse_node() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.name LIKE 'FAIL %' THEN RAISE EXCEPTION '${SECRET}'; END IF;
      RETURN NEW;
    END $$;
    CREATE FUNCTION test_refuse_term() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.term LIKE 'FAIL %' THEN RAISE EXCEPTION '${SECRET}'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_refuse_node BEFORE INSERT ON nodes FOR EACH ROW EXECUTE FUNCTION test_refuse_node();`);
});
afterAll(() => t?.close());

const newestJob = async () => (await t.db.query<{ status: string; message: string }>(`SELECT status, message FROM import_jobs ORDER BY created_at DESC LIMIT 1`))[0];

describe('a job that fails with a database error', () => {
  it.each([
    ['an import', '', IMPORT_MESSAGES.failed],
    ['a check', '?dryRun=true', IMPORT_MESSAGES.checkFailed],
  ])('%s says the declared text; the database message goes to the server log only', async (_, query, text) => {
    const logged = vi.spyOn(t.app.log, 'error');
    const file = csvOf([['nodename', 'nodetype'], ['F1 Fine', 'Disease'], ['FAIL here', 'Disease']]);
    const res = await t.call({ method: 'POST', url: `/api/nodes/upload${query}`, token: admin.accessToken, ...multipart('fail.csv', file) });
    expect(res.body).not.toContain(SECRET);
    // On PostgreSQL the first batch is written while the file is read, so the failure comes before
    // the answer: a 500 with the generic text. The embedded database reads first and answers the job.
    if (res.statusCode === 500) expect(res.json<{ error: string }>().error).toBe(MESSAGES.generic.internal);
    else expect(res.json<NodeUploadResponse>()).toMatchObject({ status: 'error', message: text });
    const row = await newestJob();
    expect(row).toEqual({ status: 'error', message: text });
    expect(logged.mock.calls.some(([first]) => String((first as { err?: Error }).err?.message ?? '').includes(SECRET))).toBe(true);
    logged.mockRestore();
  });

  it('the SNOMED import too', async () => {
    await t.db.exec(`CREATE TRIGGER test_refuse_term BEFORE INSERT ON snomed_concepts FOR EACH ROW EXECUTE FUNCTION test_refuse_term()`);
    const file = Buffer.from('id\tconceptId\tterm\r\n9100001\t195967001\tFAIL term\r\n');
    const logged = vi.spyOn(t.app.log, 'error');
    const res = await t.call({ method: 'POST', url: '/api/snomed/import', token: admin.accessToken, ...multipart('sct2_Description_fail.txt', file) });
    expect(res.body).not.toContain(SECRET);
    expect(res.statusCode).toBe(500);
    expect(res.json<{ error: string }>().error).toBe(MESSAGES.generic.internal);
    expect(await newestJob()).toEqual({ status: 'error', message: IMPORT_MESSAGES.failed });
    expect(logged.mock.calls.some(([first]) => String((first as { err?: Error }).err?.message ?? '').includes(SECRET))).toBe(true);
    logged.mockRestore();
  });
});
