import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, SnomedConceptHit } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Concept search (by=concept) as a curator uses it: words matched as prefixes in any order, a
 * concept found through a synonym says which one, the best matches of a frequent word first, and
 * the word index following every change of the description rows.
 */
let t: TestApp;
let viewer: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  await t.register('admin');
  viewer = await t.register('viewer');
  // Without a language reference set the preferred term is the concept's lowest description id.
  await t.db.query(
    `INSERT INTO snomed_concepts (id, concept_id, term) VALUES
       ('101', '84114007', 'Heart failure'), ('102', '84114007', 'Cardiac failure'), ('103', '84114007', 'Heart failure (disorder)'),
       ('111', '90688005', 'Chronic renal failure syndrome'), ('112', '90688005', 'Renal failure chronic'),
       ('121', '64572001', 'Disorder'), ('131', '19829001', 'Lung disorder'),
       ('141', '22298006', 'Myocardial infarction'), ('142', '22298006', 'Heart attack')`,
  );
  // A frequent word: 2,500 longer terms with "disorder", every tenth description inactive.
  await t.db.query(
    `INSERT INTO snomed_concepts (id, concept_id, term, active)
     SELECT (10000 + i)::text, (800000 + i)::text, 'Generic disorder number ' || i, i % 10 <> 0 FROM generate_series(1, 2500) AS i`,
  );
});
afterAll(() => t?.close());

type Page = { data: SnomedConceptHit[]; pagination: { total: number; totalCapped: boolean } };
const search = async (text: string, extra: Record<string, string> = {}) => {
  const res = await t.call({ method: 'GET', url: '/api/snomed/concepts', token: viewer.accessToken, query: { by: 'concept', search: text, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};
const shown = (p: Page) => p.data.map((h) => [h.term, h.matchedTerm]);

describe('SNOMED concept search ranking', () => {
  it('finds Heart failure by its synonym "cardiac failure", words as prefixes in any order', async () => {
    for (const text of ['cardiac failure', 'Failure  CARDIAC', 'card fail']) {
      const page = await search(text);
      expect(shown(page)).toEqual([['Heart failure', 'Cardiac failure']]);
      expect(page.pagination).toMatchObject({ total: 1, totalCapped: false });
    }
    // The preferred term itself: no matched synonym shown.
    expect(shown(await search('heart fail'))).toEqual([['Heart failure', null]]);
    // Words are matched from their start: a piece from inside a word is not a word.
    expect((await search('ardiac')).data).toEqual([]);
  });

  it('splits a query into words as the index does, whether the server or the database splits it', async () => {
    // One plain word is split by the server (no round trip); punctuation and case do not matter.
    expect(shown(await search('  ATTACK!'))).toEqual([['Myocardial infarction', 'Heart attack']]);
    // Words joined by punctuation are several words, as in the index.
    expect(shown(await search('cardiac-failure'))).toEqual([['Heart failure', 'Cardiac failure']]);
    // Beyond ASCII the database's tokenizer decides: a letter with a diacritic stays inside its word.
    await t.db.query(`INSERT INTO snomed_concepts (id, concept_id, term) VALUES ('161', '83901003', 'Sjögren syndrome')`);
    expect(shown(await search('sjögren'))).toEqual([['Sjögren syndrome', null]]);
    expect(shown(await search('SJÖG syn'))).toEqual([['Sjögren syndrome', null]]);
    expect((await search('gren')).data).toEqual([]);
    await t.db.query(`DELETE FROM snomed_concepts WHERE id = '161'`);
  });

  it('shows the preferred term without a synonym when it matches too, even if a synonym is shorter', async () => {
    expect(shown(await search('renal failure'))).toEqual([['Chronic renal failure syndrome', null]]);
    expect(shown(await search('attack'))).toEqual([['Myocardial infarction', 'Heart attack']]);
  });

  it('ranks a frequent word: the exact term, then shorter terms; the total capped at 1,000', async () => {
    const page = await search('disorder', { limit: '4' });
    expect(page.pagination).toMatchObject({ total: 1000, totalCapped: true });
    expect(shown(page)).toEqual([
      ['Disorder', null],
      ['Lung disorder', null],
      ['Heart failure', 'Heart failure (disorder)'],
      ['Generic disorder number 1', null],
    ]);
    // Ties in length go by description id: the next page continues without repeating a concept.
    const next = await search('disorder', { limit: '4', page: '2' });
    expect(shown(next).map(([term]) => term)).toEqual(['Generic disorder number 2', 'Generic disorder number 3', 'Generic disorder number 4', 'Generic disorder number 5']);
    // An inactive description is not found.
    expect((await search('generic number 2500')).data).toEqual([]);
    // A prefix covering several words: "dis" also finds "Disorder", exact-length first.
    expect(shown(await search('dis', { limit: '1' }))).toEqual([['Disorder', null]]);
  });

  it('finds a concept by its id first, then the terms with those digits as a word', async () => {
    const byId = await search('22298006');
    expect(byId.data.map((h) => h.concept_id)).toEqual(['22298006']);
    expect(byId.data[0]).toMatchObject({ term: 'Myocardial infarction', matchedTerm: null });
    const digits = await search('2499');
    expect(digits.data.map((h) => h.concept_id)).toEqual(['802499']);
    expect(byId.pagination.total).toBe(1);
    // The id's concept counts once when one of its terms has the digits too; another concept's term adds one.
    await t.db.query(`INSERT INTO snomed_concepts (id, concept_id, term) VALUES ('161', '22298006', 'MI code 22298006'), ('162', '233604007', 'Not 22298006')`);
    try {
      const both = await search('22298006');
      expect(both.data.map((h) => h.concept_id)).toEqual(['22298006', '233604007']);
      expect(both.pagination.total).toBe(2);
    } finally {
      await t.db.query(`DELETE FROM snomed_concepts WHERE id IN ('161', '162')`);
    }
  });

  it('counts the concept whose id is the search once when its own term matches past the rows read first', async () => {
    // 6,000 terms of 100 concepts begin with the id's digits, more rows than the count reads first
    // (5,005), so the whole range is counted; the id's concept's own term sorts after all of them.
    // The rows stay (no other search here meets their words; deleting 6,000 descriptions at once
    // takes PGlite seconds in the word index's trigger).
    await t.db.query(`INSERT INTO snomed_concepts (id, concept_id, term) VALUES ('40000001', '4000000', 'Item 4000000zz')`);
    await t.db.query(
      `INSERT INTO snomed_concepts (id, concept_id, term)
       SELECT (41000000 + i)::text, (4100000 + i % 100)::text, 'Item 4000000a ' || i FROM generate_series(1, 6000) AS i`,
    );
    const page = await search('4000000', { limit: '5' });
    expect(page.data[0].concept_id).toBe('4000000');
    expect(page.pagination).toEqual(expect.objectContaining({ total: 101, totalCapped: false }));
  });

  it('follows inserts, edits, deactivation and deletes of description rows', async () => {
    await t.db.query(`INSERT INTO snomed_concepts (id, concept_id, term) VALUES ('151', '233604007', 'Pneumonia')`);
    expect(shown(await search('pneumo'))).toEqual([['Pneumonia', null]]);
    await t.db.query(`UPDATE snomed_concepts SET term = 'Lung inflammation' WHERE id = '151'`);
    expect((await search('pneumo')).data).toEqual([]);
    expect(shown(await search('inflam'))).toEqual([['Lung inflammation', null]]);
    await t.db.query(`UPDATE snomed_concepts SET active = false WHERE id = '151'`);
    expect((await search('inflam')).data).toEqual([]);
    await t.db.query(`UPDATE snomed_concepts SET active = true, effective_time = '20260101' WHERE id = '151'`);
    expect(shown(await search('inflam'))).toEqual([['Lung inflammation', null]]);
    await t.db.query(`DELETE FROM snomed_concepts WHERE id = '151'`);
    expect((await search('inflam')).data).toEqual([]);
    // The index holds exactly the words of the active descriptions.
    const [diff] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         (SELECT w, length(d.term), d.id, d.concept_id FROM snomed_concepts d, snomed_search_words_of(d.term) w WHERE d.active
          EXCEPT ALL SELECT word, term_length, description_id, concept_id FROM snomed_search_words)
         UNION ALL
         (SELECT word, term_length, description_id, concept_id FROM snomed_search_words
          EXCEPT ALL SELECT w, length(d.term), d.id, d.concept_id FROM snomed_concepts d, snomed_search_words_of(d.term) w WHERE d.active)) x`,
    );
    expect(diff.n).toBe(0);
  });
});

describe('SNOMED concept search under conditions on the concept', () => {
  // 21,000 concepts of one word, more than the count's first window of descriptions (20,020), every
  // 210th retired in the concept file; the first 1,500 under one concept (a large subtree).
  const UNDER = '3999999';
  beforeAll(async () => {
    await t.db.query(`INSERT INTO snomed_concepts (id, concept_id, term) SELECT (3000000 + i)::text || '1', (3000000 + i)::text, 'Windowed finding ' || i FROM generate_series(1, 21000) AS i`);
    await t.db.query(
      `INSERT INTO snomed_rf2_concepts (id, effective_time, active, module_id, definition_status_id)
       SELECT (3000000 + i)::text, '20250131', i % 210 <> 0, '900000000000207008', '900000000000074008' FROM generate_series(1, 21000) AS i`,
    );
    await t.db.query(`INSERT INTO snomed_closure (ancestor_id, descendant_id) SELECT $1, (3000000 + i)::text FROM generate_series(1, 1500) AS i`, [UNDER]);
    await t.db.query(`INSERT INTO snomed_subtree_sizes (concept_id, descendants) VALUES ($1, 1500)`, [UNDER]);
  });

  it('counts the concepts that meet them exactly up to the cap, past the first window of descriptions', async () => {
    // 100 retired: found only by counting the whole range (the first window holds 95).
    expect((await search('windowed', { status: 'inactive' })).pagination).toEqual(expect.objectContaining({ total: 100, totalCapped: false }));
    expect((await search('windowed', { status: 'active' })).pagination).toEqual(expect.objectContaining({ total: 1000, totalCapped: true }));
    expect((await search('windowed', { descendantOf: UNDER })).pagination).toEqual(expect.objectContaining({ total: 1000, totalCapped: true }));
    // Both conditions: the 7 retired among the first 1,500.
    const both = await search('windowed', { descendantOf: UNDER, status: 'inactive', limit: '10' });
    expect(both.pagination).toEqual(expect.objectContaining({ total: 7, totalCapped: false }));
    expect(both.data.map((h) => h.term)).toEqual([210, 420, 630, 840, 1050, 1260, 1470].map((i) => `Windowed finding ${i}`));
  });

  it('fills a page whose first read one concept crowds with its terms', async () => {
    // Twelve short terms of one concept take most of the page's first read (five concepts and ten more rows).
    await t.db.query(`INSERT INTO snomed_concepts (id, concept_id, term) SELECT '3999998' || lpad(i::text, 2, '0'), '3999998', 'Windowed ' || chr(96 + i) FROM generate_series(1, 12) AS i`);
    await t.db.query(`INSERT INTO snomed_closure (ancestor_id, descendant_id) VALUES ($1, '3999998')`, [UNDER]);
    try {
      const page = await search('windowed', { descendantOf: UNDER, limit: '5' });
      expect(page.data.map((h) => h.concept_id)).toEqual(['3999998', '3000001', '3000002', '3000003', '3000004']);
    } finally {
      await t.db.query(`DELETE FROM snomed_concepts WHERE concept_id = '3999998'`);
      await t.db.query(`DELETE FROM snomed_closure WHERE descendant_id = '3999998'`);
    }
  });
});
