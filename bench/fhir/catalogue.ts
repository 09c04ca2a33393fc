/**
 * A synthetic SNOMED CT catalogue in the RF2 tables, generated inside the database (generate_series,
 * so PostgreSQL builds 1.6M descriptions without shipping them from Node): per concept an FSN and
 * two synonyms built from words of Hetionet's names (the terms a picker searches), the language
 * reference set of en-US (FSN and first synonym preferred, second acceptable), an is-a tree of
 * fan-out 8 with every fifth concept under a second parent, 2 % of the concepts retired, then the
 * closure (the snomed module's own rebuild) and VACUUM (ANALYZE), as the SNOMED import ends. The
 * word index fills through its triggers.
 */
import type { Db } from '../../src/server/db/db';
import { rebuildClosure } from '../../src/server/modules/snomed';
import { readHetionetNodes } from '../api/dataset';

export const ROOT_ID = 100_000_000;
const BATCH = 50_000;

/** Lower-case words of 3+ letters from Hetionet's names, distinct, in a stable order. */
export function vocabulary(): string[] {
  const words = new Set<string>();
  for (const n of readHetionetNodes()) for (const w of n.name.toLowerCase().split(/[^a-z]+/)) if (w.length >= 3) words.add(w);
  return [...words].sort();
}

/**
 * The i-th concept's k-th word (a fixed spread over the vocabulary, $2 the words). In bigint: past
 * 271,000 concepts i * 7919 leaves int4's range.
 */
const word = (k: number) => `($2::text[])[1 + ((i::bigint * 7919 + ${k} * 104729) % cardinality($2::text[]))::int]`;

export async function loadCatalogue(db: Db, concepts: number, log: (msg: string) => void): Promise<{ descriptions: number; closurePairs: number }> {
  const words = vocabulary();
  const id = `(${ROOT_ID} + i)::text`;
  const synonym = `initcap(${word(1)}) || ' ' || ${word(2)} || CASE WHEN i % 3 = 0 THEN ' ' || ${word(3)} ELSE '' END`;
  for (let from = 0; from < concepts; from += BATCH) {
    const to = Math.min(concepts, from + BATCH) - 1;
    const range = [from, words, to];
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO snomed_rf2_concepts (id, effective_time, active, module_id, definition_status_id)
         SELECT ${id}, '20250131', i % 50 <> 7, '900000000000207008', '900000000000074008' FROM generate_series($1::int, $3::int) i
          WHERE cardinality($2::text[]) > 0`,
        [from, words, to],
      );
      await tx.query(
        `INSERT INTO snomed_concepts (id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id)
         SELECT ${id} || d.suffix, ${id}, d.term, true, '20250131', '900000000000207008', 'en', d.type_id, '900000000000448009'
           FROM generate_series($1::int, $3::int) i
           CROSS JOIN LATERAL (VALUES
             ('011', (${synonym}) || ' (disorder)', '900000000000003001'),
             ('111', ${synonym}, '900000000000013009'),
             ('211', initcap(${word(4)}) || ' ' || ${word(2)}, '900000000000013009')) d (suffix, term, type_id)`,
        [from, words, to],
      );
      await tx.query(
        `INSERT INTO snomed_language_refset (id, effective_time, active, module_id, refset_id, referenced_component_id, acceptability_id)
         SELECT ${id} || s.suffix || '-us', '20250131', true, '900000000000207008', '900000000000509007', ${id} || s.suffix, s.acceptability
           FROM generate_series($1::int, $3::int) i
           CROSS JOIN (VALUES ('011', '900000000000548007'), ('111', '900000000000548007'), ('211', '900000000000549004')) s (suffix, acceptability)
          WHERE cardinality($2::text[]) > 0`,
        range,
      );
      await tx.query(
        `INSERT INTO snomed_relationships (id, effective_time, active, module_id, source_id, destination_id, relationship_group, type_id, characteristic_type_id, modifier_id)
         SELECT ${id} || p.suffix, '20250131', true, '900000000000207008', ${id}, (${ROOT_ID} + p.parent)::text, 0, '116680003', '900000000000011006', '900000000000451002'
           FROM generate_series(greatest($1::int, 1), $3::int) i
           CROSS JOIN LATERAL (VALUES ('021', (i - 1) / 8), ('031', CASE WHEN i % 5 = 0 AND (i - 1) / 8 + 1 < i THEN (i - 1) / 8 + 1 END)) p (suffix, parent)
          WHERE p.parent IS NOT NULL AND cardinality($2::text[]) > 0`,
        range,
      );
    });
    log(`catalogue: concepts ${from}–${to} of ${concepts}`);
  }
  const closurePairs = await db.transaction((tx) => rebuildClosure(tx));
  // What the import does after a release (snomed-import/rf2/components.ts): without VACUUM no page is
  // marked all-visible, and the word index's index-only ranges visit the table for every entry —
  // the filtered $expand's p95 was 24 ms so and 7.6 ms after it, a state no import leaves.
  await db.exec('VACUUM (ANALYZE) snomed_rf2_concepts, snomed_concepts, snomed_language_refset, snomed_relationships, snomed_closure, snomed_subtree_sizes, snomed_search_words');
  await db.exec('ANALYZE');
  return { descriptions: concepts * 3, closurePairs };
}

/** Concept ids and their first synonyms, spread over the catalogue, for the requests. */
export async function sampleConcepts(db: Db, concepts: number, count: number): Promise<{ code: string; display: string }[]> {
  const step = Math.max(1, Math.floor(concepts / count));
  return db.query<{ code: string; display: string }>(
    `SELECT concept_id AS code, term AS display FROM snomed_concepts
      WHERE id = ANY(ARRAY(SELECT (${ROOT_ID} + g * $1::int)::text || '111' FROM generate_series(0, $2::int - 1) g))
      ORDER BY id`,
    [step, Math.min(count, concepts)],
  );
}

/** Filters of 3–8 letters: prefixes of the vocabulary's words, a stable spread. */
export function filterTerms(count: number): string[] {
  const words = vocabulary();
  const out: string[] = [];
  for (let i = 0; out.length < count && i < words.length * 4; i++) {
    const w = words[(i * 7919) % words.length];
    const len = Math.min(w.length, 3 + (i % 6));
    out.push(w.slice(0, len));
  }
  return out;
}
