import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_MESSAGES, RELATION_IMPORT_MESSAGES as M, RELATION_TEMPLATE_HEADER, type AuthResponse, type NodeUploadResponse, type Relation } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart, rowsOf, xlsxOf } from '../../test/import-fixtures';

/**
 * The relation import's evidence columns (docs/architecture/imports.md): several sources in one
 * cell separated by '|', quotes and grades by '|' in the same order (or one grade for all),
 * each source checked as the relation API checks it.
 */
let t: TestApp;
let admin: AuthResponse;

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  admin = await t.register('admin');
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Thing' } });
  await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'treats' } });
  for (const name of ['E Aspirin', 'E Pain', 'E Fever', 'E Flu', 'E Cough', 'E Cold']) {
    expect((await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name, nodeType: 'Thing' } })).statusCode).toBe(201);
  }
});
afterAll(() => t?.close());

const upload = (filename: string, data: Buffer, dryRun = false) =>
  t.call({ method: 'POST', url: `/api/relations/upload${dryRun ? '?dryRun=true' : ''}`, token: admin.accessToken, ...multipart(filename, data) });

async function evidenceOf(description: string): Promise<Relation['evidence']> {
  const [row] = await t.db.query<{ id: string }>('SELECT id FROM relations WHERE description = $1', [description]);
  return (await t.call({ method: 'GET', url: `/api/relations/${row.id}`, token: admin.accessToken })).json<Relation>().evidence;
}

describe('evidence columns of the relation import', () => {
  it('stores each row\'s sources in order with their quotes and grades; refused cells go to the error report', async () => {
    const rows = [
      ['source', 'target', 'relation_type', 'description', 'Evidence Source', 'evidence_quote', 'evidence_grade'],
      ['E Aspirin', 'E Pain', 'treats', 'EV1 paired', 'PMID:8960584 | DOI:10.1056/NEJMoa0804895 | Ward practice', 'Less pain |  | seen daily', 'High | moderate | very_low'],
      ['E Aspirin', 'E Fever', 'treats', 'EV1 one grade', 'https://example.org/trial|PMID:1', '', 'low'],
      ['E Aspirin', 'E Flu', 'treats', 'EV1 none', '', '', ''],
      ['E Aspirin', 'E Cough', 'treats', 'EV1 bad pmid', 'PMID:12a', '', ''],
      ['E Aspirin', 'E Cold', 'treats', 'EV1 bad grade', 'PMID:2', '', 'strong'],
      ['E Pain', 'E Cold', 'treats', 'EV1 unpaired', 'PMID:3', 'one | two', ''],
      ['E Fever', 'E Cold', 'treats', 'EV1 quote only', '', 'a quote', ''],
      ['E Flu', 'E Cold', 'treats', 'EV1 bad doi', 'DOI:10.1/x', '', ''],
    ];
    // A check writes nothing, evidence included.
    const check = await upload('evidence.csv', csvOf(rows), true);
    expect(check.json<NodeUploadResponse>().summary).toMatchObject({ total: 8, created: 3, errors: 5 });
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM relation_evidence'))[0].n).toBe(0);

    const res = await upload('evidence.csv', csvOf(rows));
    const body = res.json<NodeUploadResponse>();
    expect(body.summary).toMatchObject({ total: 8, created: 3, skipped: 0, errors: 5 });
    expect(await evidenceOf('EV1 paired')).toEqual([
      { source: 'PMID:8960584', quote: 'Less pain', grade: 'high' },
      { source: 'DOI:10.1056/NEJMoa0804895', grade: 'moderate' },
      { source: 'Ward practice', quote: 'seen daily', grade: 'very low' },
    ]);
    // One grade alone applies to every source.
    expect(await evidenceOf('EV1 one grade')).toEqual([
      { source: 'https://example.org/trial', grade: 'low' },
      { source: 'PMID:1', grade: 'low' },
    ]);
    expect(await evidenceOf('EV1 none')).toEqual([]);

    const report = rowsOf((await t.call({ method: 'GET', url: body.downloadUrl!, token: admin.accessToken })).rawPayload);
    expect(report[0]).toEqual(['Row', ...RELATION_TEMPLATE_HEADER, 'Error']);
    expect(report.slice(1).map((r) => [r[0], r[report[0].length - 1]])).toEqual([
      ['5', EVIDENCE_MESSAGES.invalidPmid],
      ['6', EVIDENCE_MESSAGES.invalidGrade],
      ['7', M.evidenceUnpaired],
      // A quote without a source is one more quote than sources.
      ['8', M.evidenceUnpaired],
      ['9', EVIDENCE_MESSAGES.invalidDoi],
    ]);
    // The report repeats the evidence cells as read.
    expect(report[1].slice(10, 13)).toEqual(['PMID:12a', '', '']);
  });

  it('reads the template\'s own columns from an .xlsx', async () => {
    const res = await upload('template.xlsx', xlsxOf([
      [...RELATION_TEMPLATE_HEADER],
      ['E Pain', '', 'E Flu', '', 'treats', '', '', 'EV2 template', '', 'PMID:42', 'quoted', 'moderate'],
    ]));
    expect(res.json<NodeUploadResponse>().summary).toMatchObject({ created: 1, errors: 0 });
    expect(await evidenceOf('EV2 template')).toEqual([{ source: 'PMID:42', quote: 'quoted', grade: 'moderate' }]);
  });
});
