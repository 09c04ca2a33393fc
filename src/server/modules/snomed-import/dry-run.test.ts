import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNOMED_RF2_COLUMNS, type AuthResponse, type SnomedImportResult } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { multipart, rowsOf } from '../../test/import-fixtures';

/**
 * "Check file" on the SNOMED import: `?dryRun=true` upserts every batch for real
 * and rolls it back; the counts (created, updated, unchanged, refused) are the real import's.
 */
let t: TestApp;
let editor: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  await t.register('admin');
  editor = await t.register('editor');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'editor'`);
  await t.db.query(
    `INSERT INTO snomed_concepts (id, concept_id, term, effective_time, module_id, type_id, case_significance_id)
     VALUES ('7001', '195967001', 'Asthma', '20200731', '900000000000207008', '900000000000013009', '900000000000448009'),
            ('7002', '38341003', 'Old term', '20200731', '900000000000207008', '900000000000013009', '900000000000448009')`,
  );
});
afterAll(() => t?.close());

const line = (id: string, conceptId: string, term: string, active = '1') =>
  [id, '20200731', active, '900000000000207008', conceptId, 'en', '900000000000013009', term, '900000000000448009'].join('\t');

/** An RF2 file longer than a PostgreSQL batch: unchanged, updated, new, repeated and invalid rows. */
function rf2(): Buffer {
  const lines = [SNOMED_RF2_COLUMNS.join('\t'), line('7001', '195967001', 'Asthma'), line('7002', '38341003', 'Hypertension')];
  for (let i = 0; i < 5_100; i++) lines.push(line(String(800_000 + i), String(900_000 + i), `Checked concept ${i}`));
  lines.push(line('800000', '900000', 'Repeated id'), line('abc', '1', 'Bad id'), line('7003', '25064002', 'Headache', 'maybe'));
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

const catalogue = async () =>
  (await t.db.query<{ n: number; digest: string; events: number }>(
    `SELECT (SELECT count(*)::int FROM snomed_concepts) AS n,
            (SELECT md5(string_agg(id || '|' || term || '|' || active, ',' ORDER BY id)) FROM snomed_concepts) AS digest,
            (SELECT count(*)::int FROM audit_log WHERE action <> 'import') AS events`,
  ))[0];
const importAs = (query: string) => t.call({ method: 'POST', url: `/api/snomed/import${query}`, token: editor.accessToken, ...multipart('sct2_Description_Snapshot-check.txt', rf2()) });

describe('POST /snomed/import?dryRun=true', () => {
  it('answers the real import counts and writes nothing but the job row, its error file and its event', async () => {
    const before = await catalogue();
    const dry = await importAs('?dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    const checked = dry.json<SnomedImportResult>();
    const expected = { totalRows: 5_105, created: 5_100, updated: 1, unchanged: 1, errors: 3 };
    expect(checked).toMatchObject({ dryRun: true, summary: expected });
    expect(checked.message).toBe('Checked 5,105 rows: 5,100 would be created, 1 would be updated, 1 unchanged, 3 would be refused; nothing was written');
    expect(await catalogue()).toEqual(before);
    const [job] = await t.db.query<{ dry_run: boolean; status: string }>('SELECT dry_run, status FROM import_jobs WHERE id = $1', [checked.processId]);
    expect(job).toEqual({ dry_run: true, status: 'completed' });
    const [event] = await t.db.query<{ detail: Record<string, unknown> }>(`SELECT detail FROM audit_log WHERE action = 'import' AND entity_id = $1`, [checked.processId]);
    expect(event.detail).toMatchObject({ dryRun: true, kind: 'snomed', created: 5_100 });
    const dryReport = await t.call({ method: 'GET', url: checked.errorFileUrl!, token: editor.accessToken });
    expect(dryReport.statusCode).toBe(200);

    const real = (await importAs('')).json<SnomedImportResult>();
    expect(real.summary).toEqual(expected);
    expect(real.dryRun).toBeUndefined();
    const realReport = await t.call({ method: 'GET', url: real.errorFileUrl!, token: editor.accessToken });
    expect(rowsOf(dryReport.rawPayload)).toEqual(rowsOf(realReport.rawPayload));
    expect((await catalogue()).n).toBe(before.n + 5_100);
  }, 180_000);
});
