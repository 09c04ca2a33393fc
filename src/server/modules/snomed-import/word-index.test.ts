import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNOMED_RF2_COLUMNS, type AuthResponse, type SnomedConceptHit, type SnomedImportResult } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { testApp, type TestApp } from '../../test/harness';
import { multipart, xlsxOf, zipOf } from '../../test/import-fixtures';
import { catchUpWordIndex, deferWordIndex } from './word-index';

/**
 * The imports' bulk path of the concept search's word index: the batches only note their rows and the
 * import ends by adding their words. After every import — whole, stopped and resumed, or a later
 * release that renames and retires descriptions — the word table equals a recount from the active
 * descriptions, nothing is left noted, and search finds the concepts by their synonyms.
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

/** Rows the word table lacks or has too many of, against a recount of every active description's words. */
async function wordsOff(): Promise<number> {
  const [diff] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       (SELECT w, length(d.term), d.id, d.concept_id FROM snomed_concepts d, snomed_search_words_of(d.term) w WHERE d.active
        EXCEPT ALL SELECT word, term_length, description_id, concept_id FROM snomed_search_words)
       UNION ALL
       (SELECT word, term_length, description_id, concept_id FROM snomed_search_words
        EXCEPT ALL SELECT w, length(d.term), d.id, d.concept_id FROM snomed_concepts d, snomed_search_words_of(d.term) w WHERE d.active)) x`,
  );
  return diff.n;
}
const noted = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM snomed_search_words_pending'))[0].n;
const found = async (text: string) => {
  const res = await t.call({ method: 'GET', url: '/api/snomed/concepts', token: editor.accessToken, query: { by: 'concept', search: text } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SnomedConceptHit[] }>().data.map((h) => [h.concept_id, h.matchedTerm]);
};

const H = [...SNOMED_RF2_COLUMNS];
const M = '900000000000207008';
const row = (id: string, conceptId: string, term: string, active = '1') => {
  const values: Record<string, string> = { id, effectiveTime: '20250101', active, moduleId: M, conceptId, languageCode: 'en', typeId: '900000000000013009', term, caseSignificanceId: '900000000000448009' };
  return H.map((h) => values[h]);
};
const importFile = async (filename: string, data: Buffer) => {
  const res = await t.call({ method: 'POST', url: '/api/snomed/import', token: editor.accessToken, ...multipart(filename, data) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SnomedImportResult>().summary;
};

describe('the description import (spreadsheet)', () => {
  it('adds the words of the rows it wrote once it ends: synonyms are found', async () => {
    const summary = await importFile('concepts.xlsx', xlsxOf([H, row('141', '22298006', 'Myocardial infarction'), row('142', '22298006', 'Heart attack'), row('151', '233604007', 'Pneumonia')]));
    expect(summary).toMatchObject({ created: 3, errors: 0 });
    expect(await found('heart att')).toEqual([['22298006', 'Heart attack']]);
    expect(await noted()).toBe(0);
    expect(await wordsOff()).toBe(0);
  });

  it('leaves other statements on the immediate path (the setting is the batch transaction’s own)', async () => {
    await t.db.query(`INSERT INTO snomed_concepts (id, concept_id, term) VALUES ('161', '195967001', 'Asthma')`);
    expect(await noted()).toBe(0);
    expect(await found('asthm')).toEqual([['195967001', null]]);
  });

  it('a noted row edited by someone else before the catch-up gets its current words once', async () => {
    await t.db.transaction(async (tx) => {
      await deferWordIndex(tx);
      await tx.query(
        `INSERT INTO snomed_concepts (id, concept_id, term) VALUES ('171', '38341003', 'High blood pressure'), ('172', '38341003', 'Hypertensive disorder'), ('173', '38341003', 'HBP')`,
      );
    });
    expect(await noted()).toBe(3);
    expect(await found('hypertensive')).toEqual([]);
    // Through the API (immediate path): a noted row renamed, another deactivated — both off the list —
    // and a third changed in nothing the index holds (it still lacks its words: it stays on the list).
    await t.db.query(`UPDATE snomed_concepts SET term = 'Raised blood pressure' WHERE id = '171'`);
    await t.db.query(`UPDATE snomed_concepts SET active = false WHERE id = '172'`);
    await t.db.query(`UPDATE snomed_concepts SET effective_time = '20260101' WHERE id = '173'`);
    expect(await found('raised blood')).toEqual([['38341003', null]]);
    expect(await noted()).toBe(1);
    expect(await catchUpWordIndex(t.db)).toBe(1);
    expect(await noted()).toBe(0);
    expect(await wordsOff()).toBe(0);
    expect(await found('hbp')).toEqual([['38341003', 'HBP']]);
  });

  it('a later import finishes what an earlier one left noted (a job that failed for good)', async () => {
    await t.db.transaction(async (tx) => {
      await deferWordIndex(tx);
      await tx.query(`INSERT INTO snomed_concepts (id, concept_id, term) VALUES ('181', '25064002', 'Headache')`);
    });
    expect(await found('headache')).toEqual([]);
    await importFile('other.xlsx', xlsxOf([H, row('191', '56018004', 'Wheezing')]));
    expect(await found('headache')).toEqual([['25064002', null]]);
    expect(await wordsOff()).toBe(0);
  });
});

// A release: concepts, and two descriptions each (a finding name and a synonym).
const N = 5_000;
const conceptId = (i: number) => `${100000 + i}00${i % 10}`;
const file = (header: string, rows: string[]) => Buffer.from([header, ...rows].join('\r\n') + '\r\n');
const release = (description: (i: number) => string[][]) =>
  zipOf([
    { name: 'Snapshot/Terminology/sct2_Concept_Snapshot_INT_20250101.txt', data: file('id\teffectiveTime\tactive\tmoduleId\tdefinitionStatusId', Array.from({ length: N }, (_, i) => `${conceptId(i)}\t20250101\t1\t${M}\t900000000000074008`)) },
    { name: 'Snapshot/Terminology/sct2_Description_Snapshot-en_INT_20250101.txt', data: file(H.join('\t'), Array.from({ length: N }, (_, i) => description(i).map((r) => r.join('\t'))).flat()) },
  ]);
const first = release((i) => [row(`${7000000 + i}011`, conceptId(i), `Finding number ${i}`), row(`${8000000 + i}011`, conceptId(i), `Synonym zeta${i}`)]);

interface JobRow {
  status: string;
  message: string;
  rows_committed: number;
  interrupted: boolean;
}
async function until(filename: string, ok: (row: JobRow) => boolean, timeoutMs = 120_000): Promise<JobRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [job] = await t.db.query<JobRow>('SELECT status, message, rows_committed, interrupted FROM import_jobs WHERE filename = $1', [filename]);
    if (job && ok(job)) return job;
    if (Date.now() > end) throw new Error(`job ${filename} did not get there: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const serverOnSameDb = () => buildApp(testConfig({ uploadAnswerWaitMs: 0 }), { db: { ...t.db, close: async () => undefined } });

describe('the release import', () => {
  it('stopped mid-way leaves no committed row without its words, and resumed ends with every word', async () => {
    const name = 'SnomedCT_Words_20250101.zip';
    const other = await serverOnSameDb();
    try {
      const body = multipart(name, first);
      const answer = other.inject({ method: 'POST', url: '/api/snomed/import', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${editor.accessToken}` } });
      await until(name, (r) => r.rows_committed > N);
      await other.close();
      expect((await answer).statusCode).toBe(503);
    } finally {
      await other.close();
    }
    const stopped = await until(name, () => true);
    expect(stopped).toMatchObject({ status: 'inserting', interrupted: true });
    const [{ written }] = await t.db.query<{ written: number }>(`SELECT count(*)::int AS written FROM snomed_concepts WHERE id LIKE '%011'`);
    // On PGlite (small batches) the stop falls among the description batches; PostgreSQL's larger
    // batches may have written them all before it.
    expect(written).toBeGreaterThan(0);
    expect(await noted()).toBe(0);
    expect(await wordsOff()).toBe(0);

    const next = await serverOnSameDb();
    try {
      const done = await until(name, (r) => r.status === 'completed' || r.status === 'error');
      expect(done.status, done.message).toBe('completed');
    } finally {
      await next.close();
    }
    expect(await noted()).toBe(0);
    expect(await wordsOff()).toBe(0);
    expect(await found(`zeta${N - 1}`)).toEqual([[conceptId(N - 1), `Synonym zeta${N - 1}`]]);
  });

  it('a later release that renames and retires descriptions updates their words', async () => {
    const second = release((i) => [
      row(`${7000000 + i}011`, conceptId(i), i % 2 === 0 ? `Finding renamed ${i}` : `Finding number ${i}`),
      row(`${8000000 + i}011`, conceptId(i), `Synonym zeta${i}`, i % 3 === 0 ? '0' : '1'),
    ]);
    const summary = await importFile('SnomedCT_Words_20250701.zip', second);
    expect(summary).toMatchObject({ errors: 0 });
    expect(summary.updated).toBeGreaterThan(0);
    expect(await noted()).toBe(0);
    expect(await wordsOff()).toBe(0);
    // The highest numbers: no other word starts with theirs. 4998 is retired and renamed, 4999 neither.
    expect(await found('zeta4998')).toEqual([]);
    expect(await found('zeta4999')).toEqual([[conceptId(4999), 'Synonym zeta4999']]);
    expect(await found('renamed 4998')).toContainEqual([conceptId(4998), null]);
    expect(await found('number 4998')).not.toContainEqual([conceptId(4998), expect.anything()]);
  });
});

describe('the first fill of an empty word table', () => {
  it('adds the words of every active description, noted or not, builds the index again and empties the list', async () => {
    // Every description of the tests above loses its words; of two new ones the active one is noted.
    await t.db.exec('TRUNCATE snomed_search_words, snomed_search_words_pending');
    await t.db.transaction(async (tx) => {
      await deferWordIndex(tx);
      await tx.query(`INSERT INTO snomed_concepts (id, concept_id, term, active) VALUES ('901', '404684003', 'Clinical finding', true), ('902', '404684003', 'Old finding', false)`);
    });
    expect(await noted()).toBe(1);
    expect(await catchUpWordIndex(t.db, 1)).toBe(1);
    expect(await noted()).toBe(0);
    expect(await wordsOff()).toBe(0);
    expect(await found('clinical find')).toEqual([['404684003', null]]);
    expect(await found('zeta4999')).toEqual([[conceptId(4999), 'Synonym zeta4999']]);
    const [{ index }] = await t.db.query<{ index: string | null }>(`SELECT to_regclass('snomed_search_words_rank')::text AS index`);
    expect(index).toBe('snomed_search_words_rank');
  });
});
