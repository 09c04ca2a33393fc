import type { Queryable } from '../../db/db';
import { underConceptSql } from './hierarchy';
import { SNOMED_COUNT_CAP } from './repository';

/**
 * The concept search's matching and ranking over snomed_search_words (migration 0042).
 *
 * A description matches when every word of the query starts a word of its term (in any order,
 * case-insensitively; words are runs of letters and digits, split by the database as when it
 * indexed the term). A concept matches through its best description: the shortest matching term
 * (then the lowest description id), which puts an exact term first. Concepts are ranked by that
 * description — an order the index serves directly, so a page is read and the walk stops: per
 * word of the query's rarest word's prefix range, the first matches in (term length, description
 * id) order, each checked against the other words on its term.
 *
 * A prefix covering more than PREFIX_WORDS distinct words (one or two letters) ranks the matches of
 * its first PREFIX_WORDS words (alphabetically); the count still covers all of them.
 */
const PREFIX_WORDS = 100;
/** How far the rarest word is counted to choose it (a word index range read without the heap). */
const RAREST_PROBE = 1000;
/** Matching descriptions read to count concepts up to the cap (a concept rarely has five matching terms). */
const COUNT_ROWS = (SNOMED_COUNT_CAP + 1) * 5;
/** Rows beyond the concepts a page needs that its first read asks for (see rankedPage). */
const PAGE_SPARE_ROWS = 10;
/** With conditions on the concept: descriptions read to find the distinct concepts checked for the count. */
const COUNT_WINDOW = COUNT_ROWS * 4;
const MAX_CHAR = 'chr(1114111)';

export interface WordFilters {
  status?: 'active' | 'inactive' | '';
  descendantOf?: string;
}

export interface WordHit {
  concept_id: string;
  description_id: string;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "Some word of the lowered term starts with w", as the tokenizer splits words. */
export const wordPattern = (w: string) => `(^|[^[:alnum:]])${escapeRegex(w)}`;

/**
 * The query's words (the database's tokenizer) with how many index rows each prefix has, up to the
 * probe. A query of one plain ASCII word (what a picker sends while a curator types) needs neither:
 * lowered and cut at anything but a letter or digit, it is the tokenizer's word, and one word drives
 * the walk whatever its count — one round trip less.
 */
async function queryWords(db: Queryable, search: string): Promise<{ word: string; n: number }[]> {
  const ascii = /^[\x20-\x7e]*$/.test(search) ? search.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean) : null;
  if (ascii && ascii.length <= 1) return ascii.map((word) => ({ word, n: 0 }));
  return db.query<{ word: string; n: number }>(
    `SELECT w AS word,
            (SELECT count(*)::int FROM (SELECT 1 FROM snomed_search_words s
                WHERE s.word >= (w COLLATE "C") AND s.word < (w || ${MAX_CHAR}) COLLATE "C" LIMIT ${RAREST_PROBE}) x) AS n
       FROM snomed_search_words_of($1) w`,
    [search],
  );
}

export interface WordSearch {
  /** Every query word as a term pattern (for "does the preferred term match too"). */
  patterns: string[];
  /** Concepts in rank order from `offset`, at most `limit`, each with the description that matched. */
  hits: WordHit[];
  total: number;
  totalCapped: boolean;
}

/**
 * One page of concepts matching `search` by words; the total counts concepts up to the cap, and
 * pages stop at the cap's last concept (refine the search beyond it). A search of digits alone
 * also finds the concept with that id, ranked first.
 */
export async function searchConceptWords(db: Queryable, search: string, filters: WordFilters, offset: number, limit: number): Promise<WordSearch> {
  const words = await queryWords(db, search);
  const patterns = words.map((w) => wordPattern(w.word));
  const idHit = /^\d+$/.test(search) ? await conceptById(db, search, filters) : null;
  if (words.length === 0) {
    const hits = idHit && offset === 0 ? [idHit] : [];
    return { patterns, hits, total: idHit ? 1 : 0, totalCapped: false };
  }
  // The rarest word drives the walk (ties: the longest); the others are checked on each candidate's term.
  const driver = words.reduce((a, b) => (b.n < a.n || (b.n === a.n && b.word.length > a.word.length) ? b : a));
  const others = words.filter((w) => w !== driver).map((w) => wordPattern(w.word));

  const params: unknown[] = [driver.word, others];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const joins = [others.length ? 'JOIN snomed_concepts d ON d.id = s.description_id' : ''];
  // $2 is always referenced (an unreferenced parameter has no type).
  const termFilter = others.length ? 'lower(d.term) ~ ALL($2::text[])' : 'cardinality($2::text[]) = 0';
  // Conditions on the concept (not the description), for the page as `s.concept_id` and for the
  // count on each distinct concept once.
  const conceptConditions: ((col: string) => string)[] = [];
  if (filters.status) {
    const active = param(filters.status === 'active');
    conceptConditions.push((col) => `coalesce((SELECT c.active FROM snomed_rf2_concepts c WHERE c.id = ${col}), true) = ${active}`);
  }
  if (filters.descendantOf) {
    const under = param(filters.descendantOf);
    conceptConditions.push((col) => underConceptSql(col, under));
  }
  const conceptFilter = (col: string) => conceptConditions.map((c) => c(col)).join(' AND ');
  const from = `snomed_search_words s ${joins.join(' ')}`;
  const filter = [termFilter, ...(conceptConditions.length ? [conceptFilter('s.concept_id')] : [])].join(' AND ');
  const range = `s.word >= ($1::text COLLATE "C") AND s.word < ($1::text || ${MAX_CHAR}) COLLATE "C"`;
  const idParam = `$${params.length + 1}::text`;

  // Count: concepts among the first matching descriptions in index order — the ORDER BY keeps the
  // planner on the btree walk that stops there, where it would otherwise build a bitmap of the
  // whole range (all 60k entries of "finding") first. Counted in the database: a frequent word's
  // 5,005 rows, sent to be counted here, were a millisecond of the search's tail.
  // With conditions on the concept (its status, a subtree) each is checked per distinct concept, and
  // only until the cap is passed: per description row they were most of an is-a expansion's time
  // (6,583 closure probes for "chl" under a top-level concept, where 1,600 concepts decide the count).
  const counting = conceptConditions.length
    ? db.query<{ concepts: number; full: boolean; with_id: boolean }>(
        `WITH w AS MATERIALIZED (SELECT s.concept_id FROM ${from} WHERE ${range} AND ${termFilter} ORDER BY s.word, s.term_length, s.description_id LIMIT ${COUNT_WINDOW}),
              kept AS (SELECT u.concept_id FROM (SELECT DISTINCT concept_id FROM w) u WHERE ${conceptFilter('u.concept_id')} LIMIT ${SNOMED_COUNT_CAP + 1})
         SELECT (SELECT count(*)::int FROM kept) AS concepts,
                (SELECT count(*) FROM w) = ${COUNT_WINDOW} AS full,
                EXISTS (SELECT 1 FROM kept WHERE kept.concept_id = ${idParam}) AS with_id`,
        [...params, idHit?.concept_id ?? null],
      )
    : db.query<{ concepts: number; full: boolean; with_id: boolean }>(
        `SELECT count(DISTINCT x.concept_id)::int AS concepts, count(*) = ${COUNT_ROWS} AS full, coalesce(bool_or(x.concept_id = ${idParam}), false) AS with_id
           FROM (SELECT s.concept_id FROM ${from} WHERE ${range} AND ${filter} ORDER BY s.word, s.term_length, s.description_id LIMIT ${COUNT_ROWS}) x`,
        [...params, idHit?.concept_id ?? null],
      );
  // The page's first read goes beside the count (on PostgreSQL another connection of the pool): a
  // page needs the cap, not the count, and the two reads are independent.
  const end = Math.min(offset + limit, SNOMED_COUNT_CAP);
  const paging = offset < end ? rankedPage(db, params, from, filter, range, end - (idHit ? 1 : 0), idHit) : null;
  // Both settle before either's error is thrown (no read left running unobserved).
  const [countRead, pageRead] = await Promise.allSettled([counting, paging]);
  if (countRead.status === 'rejected') throw countRead.reason;
  if (pageRead.status === 'rejected') throw pageRead.reason;
  const [counted] = countRead.value;
  const ranked = pageRead.value;
  // The concept whose id is the search counts once, whether or not a description matched too.
  const idOnly = (matched: boolean) => (idHit && !matched ? 1 : 0);
  let total = counted.concepts + idOnly(counted.with_id);
  if (counted.full && total <= SNOMED_COUNT_CAP) {
    // The rows read ended before the cap's concepts (many terms per concept, or few of the window's
    // concepts meet the conditions): count them all (rare; still one index range).
    // Whether the id's concept matched is read over the whole range too: the rows read first may
    // have missed its description, and it would count twice.
    const [all] = await db.query<{ n: number; with_id: boolean }>(
      `SELECT count(DISTINCT s.concept_id)::int AS n, coalesce(bool_or(s.concept_id = ${idParam}), false) AS with_id FROM ${from} WHERE ${range} AND ${filter}`,
      [...params, idHit?.concept_id ?? null],
    );
    total = all.n + idOnly(all.with_id);
  }
  const totalCapped = total > SNOMED_COUNT_CAP;
  if (!ranked) return { patterns, hits: [], total: Math.min(total, SNOMED_COUNT_CAP), totalCapped };
  const hits = [...(idHit ? [idHit] : []), ...ranked].slice(offset, end);
  return { patterns, hits, total: Math.min(total, SNOMED_COUNT_CAP), totalCapped };
}

/**
 * The first `needed` concepts in rank order (other than `idHit`'s): the first descriptions in rank
 * order, per distinct word of the driver's prefix range, merged; read more only when repeated
 * concepts leave the page short. `params` are the count's ($1 the driver, $2 the other words'
 * patterns, then the filters'), copied: the row limit is added as the last.
 */
async function rankedPage(db: Queryable, shared: unknown[], from: string, filter: string, range: string, needed: number, idHit: WordHit | null): Promise<WordHit[]> {
  const params = [...shared, 0];
  const n = `$${params.length}`;
  const sql = `
    WITH RECURSIVE dw(word) AS (
      (SELECT s.word FROM snomed_search_words s WHERE ${range} ORDER BY s.word LIMIT 1)
      UNION ALL
      SELECT (SELECT s.word FROM snomed_search_words s WHERE s.word > dw.word AND s.word < ($1::text || ${MAX_CHAR}) COLLATE "C" ORDER BY s.word LIMIT 1)
        FROM dw WHERE dw.word IS NOT NULL),
    ws AS (SELECT word FROM dw WHERE word IS NOT NULL LIMIT ${PREFIX_WORDS})
    SELECT h.concept_id, h.description_id FROM ws CROSS JOIN LATERAL (
      SELECT s.concept_id, s.description_id, s.term_length FROM ${from}
       WHERE s.word = ws.word AND ${filter}
       ORDER BY s.term_length, s.description_id LIMIT ${n}) h
    ORDER BY h.term_length, h.description_id LIMIT ${n}`;
  // Every row read is checked against the filters (a closure probe per row under a subtree), once
  // per distinct word: the first read asks for few more rows than concepts — a concept's terms
  // rarely share the first places, its FSN being longer — and a short page reads four times more.
  let rows = needed + PAGE_SPARE_ROWS;
  for (;;) {
    params[params.length - 1] = rows;
    const got = await db.query<WordHit>(sql, params);
    const byConcept = new Map<string, WordHit>();
    for (const r of got) if (r.concept_id !== idHit?.concept_id && !byConcept.has(r.concept_id)) byConcept.set(r.concept_id, r);
    const ranked = [...byConcept.values()];
    if (ranked.length >= needed || got.length < rows) return ranked;
    rows *= 4;
  }
}

/** The concept whose id is the search (no description matched: an empty description id), when it has an active description and the filters keep it. */
async function conceptById(db: Queryable, id: string, filters: WordFilters): Promise<WordHit | null> {
  const params: unknown[] = [id];
  const where = ['d.concept_id = $1', 'd.active'];
  if (filters.status) {
    params.push(filters.status === 'active');
    where.push(`coalesce((SELECT c.active FROM snomed_rf2_concepts c WHERE c.id = $1), true) = $${params.length}`);
  }
  if (filters.descendantOf) {
    params.push(filters.descendantOf);
    where.push(underConceptSql('d.concept_id', `$${params.length}`));
  }
  const [hit] = await db.query<WordHit>(
    `SELECT d.concept_id, '' AS description_id FROM snomed_concepts d WHERE ${where.join(' AND ')} LIMIT 1`,
    params,
  );
  return hit ?? null;
}
