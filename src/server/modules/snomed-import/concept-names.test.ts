import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNOMED_DIALECT_REFSETS } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * snomed_concept_names (migration 0046) names a concept in one pass over its descriptions, and the
 * lists that show a preferred term and an FSN use it instead of snomed_preferred_term and
 * snomed_fsn (0034). A differential test against those two, the reference: every kind of concept an
 * imported release holds — descriptions of every type, active or not, preferred or acceptable in
 * one dialect, the other or both, with several language rows, retired language rows, ids of
 * different lengths — must get the same two names in both dialects, and an unknown concept none.
 */
let t: TestApp;

const TYPES = ['900000000000013009', '900000000000003001', '900000000000550004', null] as const;
const ACCEPTABILITY = ['900000000000548007', '900000000000549004'] as const;
const [US, GB] = [SNOMED_DIALECT_REFSETS['en-US'], SNOMED_DIALECT_REFSETS['en-GB']];

beforeAll(async () => {
  t = await testApp();
  // A small deterministic generator: the same catalogue on every run and both databases.
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % n;
  };
  const descriptions: unknown[][] = [];
  const language: unknown[][] = [];
  for (let c = 0; c < 240; c++) {
    const conceptId = String(6100000 + c);
    const count = next(7);
    for (let k = 0; k < count; k++) {
      // Ids of different lengths, so that "length(id), id" orders differently from "id".
      const id = `${next(3) === 0 ? '' : '9'}${7100000 + c * 10 + k}01${next(2)}`;
      descriptions.push([id, conceptId, `Term ${c}.${k} ${next(100)}`, next(4) !== 0, TYPES[next(TYPES.length)]]);
      for (const refset of [US, GB, '999000000000000000']) {
        const rows = next(5) === 0 ? 2 : next(3) === 0 ? 0 : 1;
        for (let r = 0; r < rows; r++) language.push([`${id}-${refset}-${r}`, next(5) !== 0, refset, id, ACCEPTABILITY[next(2)]]);
      }
    }
  }
  await t.db.query(
    `INSERT INTO snomed_concepts (id, concept_id, term, active, type_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[])`,
    [0, 1, 2, 3, 4].map((i) => descriptions.map((d) => d[i])),
  );
  await t.db.query(
    `INSERT INTO snomed_language_refset (id, active, refset_id, referenced_component_id, acceptability_id)
     SELECT * FROM unnest($1::text[], $2::boolean[], $3::text[], $4::text[], $5::text[])`,
    [0, 1, 2, 3, 4].map((i) => language.map((d) => d[i])),
  );
});
afterAll(() => t?.close());

describe('snomed_concept_names', () => {
  for (const [dialect, refset] of [['en-US', US], ['en-GB', GB]] as const) {
    it(`gives every concept the preferred term and FSN of the reference functions (${dialect})`, async () => {
      const ids = Array.from({ length: 242 }, (_, c) => String(6100000 + c));
      const rows = await t.db.query<{ id: string; term: string | null; fsn: string | null; ref_term: string | null; ref_fsn: string | null }>(
        `SELECT x.id, n.preferred_term AS term, n.fsn, snomed_preferred_term(x.id, $2) AS ref_term, snomed_fsn(x.id, $2) AS ref_fsn
           FROM unnest($1::text[]) x (id) LEFT JOIN LATERAL snomed_concept_names(x.id, $2) n ON true ORDER BY x.id`,
        [ids, refset],
      );
      expect(rows).toHaveLength(ids.length);
      expect(rows.map((r) => [r.id, r.term, r.fsn])).toEqual(rows.map((r) => [r.id, r.ref_term, r.ref_fsn]));
      // The catalogue exercises every branch: concepts with and without an FSN, none with no name at all but the unknown ones.
      expect(rows.filter((r) => r.fsn !== null).length).toBeGreaterThan(50);
      expect(rows.filter((r) => r.term !== null && r.fsn === null).length).toBeGreaterThan(20);
      expect(rows.filter((r) => r.term === null).length).toBeGreaterThan(2);
    });
  }
});
