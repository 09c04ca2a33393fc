import type { z } from 'zod';
import type { NodeListQuerySchema } from '../../../contract';
import type { Queryable } from '../../db/db';
import { likePattern } from '../../db/rows';
import { underConceptSql } from '../snomed';
import { NODE_COLUMNS, NODE_JOINS, SELECT_NODE, type NodeRow } from './node-row';

/*
 * The query planner of the node lists: the search, filter, sort and paging SQL of the list and
 * search pages and the pickers, and the choice between sorting the matches and walking the sort
 * index. The node CRUD is in repository.ts.
 */

export type NodeListQuery = z.output<typeof NodeListQuerySchema>;

/**
 * Sort keys per sortBy, the id last so pages never overlap. Bulk-uploaded nodes share their
 * job's created_at; import_seq (their place in the file, migration 0018) goes the other way, so
 * newest first lists the newest upload first in its file's order and oldest first is its mirror.
 */
const ORDER: Record<NodeListQuery['sortBy'], { key: string; reversed?: boolean }[]> = {
  name: [{ key: 'lower(n.name)' }],
  createdAt: [{ key: 'n.created_at' }, { key: 'n.import_seq', reversed: true }],
  updatedAt: [{ key: 'n.updated_at' }],
  nodeType: [{ key: 'lower(nt.name)' }],
};

type Direction = 'ASC' | 'DESC';
const flip = (dir: Direction): Direction => (dir === 'ASC' ? 'DESC' : 'ASC');

/** The sort keys as select-list columns sort_0, sort_1, … (for the matches gathered first). */
const sortColumns = (q: NodeListQuery) => ORDER[q.sortBy].map((o, i) => `${o.key} AS sort_${i}`).join(', ');

/** ORDER BY over the expressions themselves, or over `table`.sort_i when given a table alias. */
function orderBy(q: NodeListQuery, dir: Direction, table?: string): string {
  const keys = ORDER[q.sortBy].map((o, i) => `${table ? `${table}.sort_${i}` : o.key} ${o.reversed ? flip(dir) : dir}`);
  return `ORDER BY ${[...keys, `${table ? `${table}.id` : 'n.id'} ${dir}`].join(', ')}`;
}

/** Non-blank text: the SNOMED and URL flags treat '' and whitespace like a missing value (spec §5). */
const filled = (column: string) => `(${column} IS NOT NULL AND btrim(${column}) <> '')`;

/**
 * Conditions on a node `n` that the list filters and the Analytics page's quality findings share
 * (analytics/findings.ts): a finding's count and the list its link opens are the same nodes.
 */
export const NODE_QUALITY_CONDITIONS = {
  withoutSnomedCode: `NOT ${filled('n.snomed_code')}`,
  withoutDescription: `NOT ${filled('n.description')}`,
  orphan: `(NOT EXISTS (SELECT 1 FROM relations r WHERE r.source_node_id = n.id) AND NOT EXISTS (SELECT 1 FROM relations r WHERE r.target_node_id = n.id))`,
  /** Precomputed (migrations 0023, 0027, analytics/duplicates.ts); a row whose other node was deleted waits for the next refresh. */
  likelyDuplicate: 'n.id IN (SELECT node_id FROM node_likely_duplicates WHERE similar_to IS NOT NULL)',
} as const;
const Q = NODE_QUALITY_CONDITIONS;

const SEARCH_FIELDS: Record<NodeListQuery['searchScope'], string[]> = {
  basic: ['n.name', 'n.description'],
  extended: ['n.name', 'n.description', 'nt.name', 'n.snomed_code'],
  /*
   * The search page (spec §5). note has no trigram index, so this OR scans the table: fine at
   * tens of thousands of nodes, and a fourth GIN index would slow bulk upload, whose cost is
   * mostly the GIN indexes (bench/results/import-notes.md).
   */
  full: ['n.name', 'n.description', 'n.note', 'n.snomed_code'],
};

/**
 * `column` contains the pattern `p`, case-insensitively. Served by the column's trigram index as
 * ILIKE; evaluated row by row (`rowByRow`: the walk of searchPage, where no index serves it) as
 * `lower(column) LIKE lower(p)`, which is what ILIKE does in a UTF-8 database (PostgreSQL's like.c
 * lower-cases both sides) but lower-cases the pattern once per statement instead of once per row:
 * a walk of 6,900 rows took 7.6 ms instead of 13.2 (bench/results/api-notes.md).
 */
const contains = (column: string, p: string, rowByRow: boolean) => (rowByRow ? `lower(${column}) LIKE lower(${p})` : `${column} ILIKE ${p}`);

/** The WHERE of a list, with its parameters (`rowByRow`: see contains). */
function listFilter(q: NodeListQuery, rowByRow = false): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (q.nodeType) clauses.push(`lower(nt.name) = lower(${param(q.nodeType)})`);
  if (q.nodeTypes?.length) clauses.push(`lower(nt.name) = ANY(${param(q.nodeTypes)}::text[])`);
  const search = q.search?.trim();
  if (search) {
    const p = param(likePattern(search));
    clauses.push(`(${SEARCH_FIELDS[q.searchScope].map((f) => contains(f, p, rowByRow)).join(' OR ')})`);
  }
  const snomed = q.snomedCode?.trim();
  if (snomed) clauses.push(contains('n.snomed_code', param(likePattern(snomed)), rowByRow));
  if (q.snomedReview) clauses.push('n.id IN (SELECT node_id FROM snomed_drift)');
  if (q.snomedDescendantOf) {
    // A probe of the closure per node for a large subtree, the hashed subtree for a small one.
    clauses.push(underConceptSql('n.snomed_code', param(q.snomedDescendantOf)));
  }
  if (q.hasSnomed) clauses.push(q.hasSnomed === 'true' ? filled('n.snomed_code') : Q.withoutSnomedCode);
  if (q.hasDescription) clauses.push(q.hasDescription === 'true' ? filled('n.description') : Q.withoutDescription);
  if (q.orphan) clauses.push(q.orphan === 'true' ? Q.orphan : `NOT ${Q.orphan}`);
  if (q.likelyDuplicate) clauses.push(q.likelyDuplicate === 'true' ? Q.likelyDuplicate : `NOT ${Q.likelyDuplicate}`);
  if (q.hasUrl) clauses.push(q.hasUrl === 'true' ? filled('n.url') : `NOT ${filled('n.url')}`);
  const creator = q.createdBy?.trim();
  if (creator) clauses.push(`n.created_by IN (SELECT id FROM users WHERE username ILIKE ${param(likePattern(creator))})`);
  if (q.createdAfter) clauses.push(`n.created_at >= ${param(q.createdAfter)}::timestamptz`);
  if (q.createdBefore) clauses.push(`n.created_at <= ${param(q.createdBefore)}::timestamptz`);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * Substring filters, usually rare, and the SNOMED review (a handful of nodes): gather the matches
 * first through the indexes (see listNodes).
 */
const isTextFilter = (q: NodeListQuery) => !!(q.search?.trim() || q.snomedCode?.trim() || q.createdBy?.trim() || q.snomedReview);

/**
 * A list counts its matches only up to this many (or up to the end of the page asked for, if
 * further): an exact count of a million nodes reads all of them, on every page. Beyond it the
 * answer is `totalCapped: true` with `total` the number counted, which the pagers show as
 * "more than 1,000" (the SNOMED catalogue's pattern).
 */
export const NODE_COUNT_CAP = 1000;
/**
 * A text search counts its matches exactly up to this many, as the list does ("more than 1,000"
 * beyond). Counting costs one fetched row per match, so the cap is what a common term costs.
 */
export const SEARCH_COUNT_CAP = NODE_COUNT_CAP;
/**
 * Beyond the cap, a term estimated at this many matches or more has its first pages (offset +
 * limit up to WALK_MAX_WINDOW) read by walking the sort order's index and stopping after the
 * page, which passes about (offset + limit) ÷ share rows — 5,000 at most for 25 on a million
 * nodes — instead of fetching and sorting all its matches. A rarer term would make that walk long
 * (0.1%: ~25,000 rows for 25), so its matches are sorted instead (exact total).
 *
 * The estimate costs nothing more than the count: the matches come from a bitmap heap scan (or
 * a sequential one) in the table's physical order, so the block of the (cap + 1)-th match says
 * which share of the table held cap + 1 matches. Matches bunched at the start of the table (one
 * old import) look common when they are not: the walk is bounded (WALK_ROWS_PER_ROW rows per
 * row of the page), and a walk that did not fill its page gives way to sorting all matches.
 * Measured on 1M nodes: bench/results/api-notes.md.
 */
export const WALK_MIN_ESTIMATE = 5000;
const WALK_ROWS_PER_ROW = 400;
const WALK_MAX_WINDOW = 100;
/** Sort orders an index serves (nodes_created_at, nodes_name_type_ci, nodes_updated_at). */
const WALKABLE: ReadonlySet<NodeListQuery['sortBy']> = new Set(['createdAt', 'name', 'updatedAt']);

export interface NodeListResult {
  rows: NodeRow[];
  /** Exact, or the number counted when `totalCapped`. */
  total: number;
  totalCapped: boolean;
}

const capped = (matched: number, cap: number): Omit<NodeListResult, 'rows'> =>
  matched > cap ? { total: cap, totalCapped: true } : { total: matched, totalCapped: false };

/** A page row without the count, the branch taken and the sort_0, sort_1, … columns the query sorted by. */
function withoutSortKeys({ matched: _m, walked: _w, ...row }: NodeRow & { matched: number | null; walked?: boolean }): NodeRow {
  for (const key of Object.keys(row)) if (key.startsWith('sort_')) delete (row as Record<string, unknown>)[key];
  return row;
}

/** One page of nodes and the total (counted up to a cap), whatever the page size. */
export async function listNodes(db: Queryable, q: NodeListQuery): Promise<NodeListResult> {
  const { where, params } = listFilter(q);
  const dir: Direction = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const limit = `LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  const cap = Math.max(NODE_COUNT_CAP, q.skip + q.limit);
  const countUpToCap = (w: string) =>
    `SELECT count(*)::int AS matched FROM (SELECT 1 FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id ${w} LIMIT ${cap + 1}) x`;
  if (!isTextFilter(q)) {
    // Unfiltered, or filtered by type, date or flag: walk the sort index for the page, count up to the cap.
    const [rows, count] = await Promise.all([
      db.query<NodeRow>(`${SELECT_NODE} ${where} ${orderBy(q, dir)} ${limit}`, [...params, q.limit, q.skip]),
      db.query<{ matched: number }>(countUpToCap(where), params),
    ]);
    return { rows, ...capped(count[0].matched, cap) };
  }
  const walkable = WALKABLE.has(q.sortBy) && q.skip + q.limit <= WALK_MAX_WINDOW;
  const first = await searchPage(db, q, dir, walkable);
  // A walk that did not fill its page (matches bunched where the walk did not reach): sort them all.
  if (first.walked && first.result.rows.length < q.limit) return (await searchPage(db, q, dir, false)).result;
  return first.result;
}

/**
 * A text search or a rare-value filter: collect the matches through the trigram indexes
 * (MATERIALIZED: read lazily, so counting up to the cap stops there, and planned as "all
 * matches" rather than as a walk that expects many). Left to itself the planner walks the sort
 * index expecting many matches, which reads the whole table for a rare term
 * (bench/results/api-notes.md §2). Then, in the same statement, only the branch that fits runs:
 * - up to SEARCH_COUNT_CAP, or when the matches are estimated below WALK_MIN_ESTIMATE (or for a
 *   deep page, or a sort no index serves), the page is sorted from the matches, and the total is
 *   exact;
 * - beyond it, the first pages are read by a bounded walk of the sort index, the filter a column
 *   of each row walked (where no index can serve it), stopping after the page. The total is then
 *   SEARCH_COUNT_CAP with totalCapped.
 */
async function searchPage(db: Queryable, q: NodeListQuery, dir: Direction, walkable: boolean): Promise<{ result: NodeListResult; walked: boolean }> {
  const { where, params } = listFilter(q);
  // The same conditions with the same parameters, for the walk's rows one by one.
  const walkWhere = listFilter(q, true).where;
  // The walk joins the node types only when its filter or sort reads them: planned to stop early,
  // the join is a nested loop that scanned the types again for every row walked (10 of the 20 ms
  // of a 6,900-row walk: bench/results/api-notes.md). Every node has a type (NOT NULL).
  const walkTypes = /\bnt\./.test(`${walkWhere} ${sortColumns(q)}`) ? 'JOIN node_types nt ON nt.id = n.node_type_id' : '';
  const n = params.length;
  const page = `LIMIT $${n + 1} OFFSET $${n + 2}`;
  const walkRows = (q.skip + q.limit) * WALK_ROWS_PER_ROW;
  const rows = await db.query<NodeRow & { matched: number | null; walked: boolean }>(
    `WITH hits AS MATERIALIZED (
       SELECT n.id, (n.ctid::text::point)[0] AS block, ${sortColumns(q)} FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id ${where}
     ), c AS MATERIALIZED (
       SELECT count(*) AS counted, max(block) AS last_block FROM (SELECT block FROM hits LIMIT ${SEARCH_COUNT_CAP + 1}) x
     ), d AS MATERIALIZED (
       SELECT ${walkable ? `counted > ${SEARCH_COUNT_CAP} AND counted * (pg_relation_size('nodes') / current_setting('block_size')::int) >= ${WALK_MIN_ESTIMATE} * (last_block + 1)` : 'false'} AS walk,
              counted FROM c
     ), page AS MATERIALIZED (
       (SELECT hits.id, ${ORDER[q.sortBy].map((_, i) => `hits.sort_${i}`).join(', ')} FROM hits WHERE NOT (SELECT walk FROM d)
         ${orderBy(q, dir, 'hits')} ${page})
       ${
         walkable
           ? `UNION ALL
       (SELECT w.id, ${ORDER[q.sortBy].map((_, i) => `w.sort_${i}`).join(', ')} FROM (
          SELECT n.id, ${sortColumns(q)}, ${walkWhere ? `(${walkWhere.slice('WHERE '.length)})` : 'true'} AS hit
            FROM nodes n ${walkTypes}
           WHERE (SELECT walk FROM d) ${orderBy(q, dir)} LIMIT ${walkRows}
        ) w WHERE w.hit ${orderBy(q, dir, 'w')} ${page})`
           : ''
       }
     )
     SELECT (SELECT CASE WHEN walk THEN counted ELSE (SELECT count(*) FROM hits) END FROM d)::int AS matched,
            (SELECT walk FROM d) AS walked, p.* FROM (SELECT 1) one LEFT JOIN LATERAL (
       SELECT ${ORDER[q.sortBy].map((_, i) => `page.sort_${i}`).join(', ')}, ${NODE_COLUMNS} FROM page JOIN nodes n ON n.id = page.id ${NODE_JOINS}
     ) p ON true
     ${orderBy(q, dir, 'p')}`,
    [...params, q.limit, q.skip],
  );
  // An empty page still has the one row of the count (with null columns).
  const matched = rows[0].matched ?? 0;
  const walked = rows[0].walked;
  const pageRows = rows.filter((r) => r.id !== null).map(withoutSortKeys);
  const total = walked ? capped(matched, SEARCH_COUNT_CAP) : { total: matched, totalCapped: false };
  return { result: { rows: pageRows, ...total }, walked };
}

/** The pickers' search: by name (prefix matches first) or exact name. */
export async function searchNodes(db: Queryable, q: { q: string; nodeType?: string; limit: number; exact: boolean }): Promise<NodeRow[]> {
  const params: unknown[] = [q.exact ? q.q.trim() : likePattern(q.q.trim()), q.q.trim().toLowerCase(), q.limit];
  let where = q.exact ? 'WHERE lower(n.name) = lower($1)' : 'WHERE (n.name ILIKE $1 OR n.snomed_code ILIKE $1)';
  if (q.nodeType) {
    params.push(q.nodeType);
    where += ` AND lower(nt.name) = lower($${params.length})`;
  }
  return db.query<NodeRow>(
    `${SELECT_NODE} ${where} ORDER BY (lower(n.name) LIKE $2 || '%') DESC, length(n.name), lower(n.name) LIMIT $3`,
    params,
  );
}

