import type { FastifyInstance } from 'fastify';
import { IMPORT_RESULT_TEXTS as R, LIMITS, RELATION_IMPORT_MESSAGES as M, RELATION_MESSAGES, type UploadSummary } from '../../../contract';
import type { Queryable } from '../../db/db';
import { PendingListMerges } from '../../db/gin-pending';
import { importBatchRows, importBatchesInFlight } from '../../db/turns';
import { loadNodeTypeNames, loadRelationRules, ruleViolation } from '../relations';
import type { FileFormat } from '../../platform/parsers';
import { RELATION_REPORT_HEADER, cellsOf, parseEvidence, parseWeight, readRelationFile, type ErrorRow, type RelationRow } from './file-reader';
import { MAX_REPORT_ROWS, errorReport } from '../../platform/files/xlsx';
import type { Checkpoint } from '../../platform/jobs/repository';
import { insertBatch, insertTwoInFlight } from './insert';
import type { JobContext, JobOutcome } from '../../platform/jobs/runner';
import type { JobKindHandler } from '../../platform/jobs/kinds';

/**
 * Bulk relation import, on the node upload's machinery: the same intake,
 * parsers (worker threads), runner, checkpoints and resume, error reports and events.
 *
 * 1. Read the whole file (file-reader.ts: structural problems refuse it before anything is
 *    written) and check each row on its own: required cells, weight, lengths, URL.
 * 2. Resolve the rows set-wise, a chunk at a time (one query for all node names of the chunk;
 *    relation types are a small table, read once): missing or ambiguous nodes, unknown relation
 *    types, rule violations and self-relations become error rows; repeats within the file are
 *    skipped. The resolution is read-only and deterministic, so a resume runs it again and
 *    valid row k is the same relation.
 * 3. Insert the valid relations, ordered by source node, in batches: one INSERT … SELECT FROM
 *    unnest each with the relations' audit events, committed with the job's checkpoint; relations
 *    that already exist (same source, target and type) are skipped there. On a PostgreSQL server
 *    two batches are in flight, committed in order (insertTwoInFlight).
 */

/** Rows resolved per node lookup: one query each (a read, outside the write batches). */
const RESOLVE_CHUNK = 5000;

/**
 * What the relation-type rules (modules/relations/rules.ts) say about an imported
 * relation: the same rule check and message as the relation routes' 400, the type's default weight for a
 * blank Weight cell, and whether A→B and B→A are one relation. Loaded once per job.
 */
export interface RelationImportRules {
  /** Why a relation of this type between nodes of these node types breaks its type's rule, or null. */
  violation(relationTypeId: string, sourceNodeTypeId: string, targetNodeTypeId: string): string | null;
  /** The weight a blank Weight cell takes for this type; null: LIMITS.relationWeight.default (50). */
  defaultWeight(relationTypeId: string): number | null;
  /** Whether A→B and B→A of this type are one relation (so either is a duplicate of the other). */
  symmetric(relationTypeId: string): boolean;
}

/** The rules of every relation type, for one job (RelationImportRules). */
export async function loadImportRules(db: Queryable): Promise<RelationImportRules> {
  const rules = await loadRelationRules(db);
  const typeNames = await loadNodeTypeNames(db);
  return {
    violation: (type, source, target) => {
      const rule = rules.get(type);
      return rule ? ruleViolation(rule, source, target, typeNames) : null;
    },
    defaultWeight: (type) => rules.get(type)?.defaultWeight ?? null,
    symmetric: (type) => rules.get(type)?.symmetric ?? false,
  };
}

/** The valid, resolved relations as column arrays (what the unnest insert takes), in file order. */
export class RelationColumns {
  sources: string[] = [];
  targets: string[] = [];
  types: string[] = [];
  names: string[] = [];
  weights: number[] = [];
  urls: (string | null)[] = [];
  descriptions: (string | null)[] = [];
  symmetric: boolean[] = [];
  /** Each relation's evidence as a JSON array of { source, quote?, grade? }, null for none. */
  evidence: (string | null)[] = [];
  get length(): number {
    return this.sources.length;
  }
}

interface NodeMatch {
  id: string;
  typeId: string;
  type: string;
}

/** Every node of each asked name (case-insensitively), keyed by the name as asked: one query. */
async function nodesNamed(db: Queryable, names: string[]): Promise<Map<string, NodeMatch[]>> {
  const rows = await db.query<{ asked: string; id: string; type_id: string; type: string }>(
    `SELECT q.name AS asked, n.id, n.node_type_id AS type_id, nt.name AS type
       FROM unnest($1::text[]) AS q(name)
       JOIN nodes n ON lower(n.name) = lower(q.name)
       JOIN node_types nt ON nt.id = n.node_type_id`,
    [names],
  );
  const byName = new Map<string, NodeMatch[]>();
  for (const r of rows) {
    const list = byName.get(r.asked) ?? [];
    list.push({ id: r.id, typeId: r.type_id, type: r.type });
    byName.set(r.asked, list);
  }
  return byName;
}

/** One end of a row: the node, or why there is none (missing, or ambiguous without a type). */
function pickNode(end: 'Source' | 'Target', name: string, type: string, found: Map<string, NodeMatch[]>): NodeMatch | string {
  const candidates = found.get(name) ?? [];
  const fitting = type ? candidates.filter((n) => n.type.toLowerCase() === type.toLowerCase()) : candidates;
  if (fitting.length === 0) return M.nodeMissing(end, name, type);
  if (fitting.length > 1) return M.nodeAmbiguous(end, name, fitting.map((n) => n.type).sort());
  return fitting[0];
}

interface Resolved {
  valid: RelationColumns;
  errors: ErrorRow[];
  errorCount: number;
  /** Rows skipped before the insert: repeats of an earlier row of the file. */
  repeats: number;
}

/**
 * Step 2: names to ids, a chunk of rows per node query, chunks in file order (the first of
 * repeated rows is the one kept). Read-only, so a resume (or a retry after a lost connection)
 * runs it again and gets the same list of valid relations.
 */
class RelationResolver {
  private readonly out: Resolved = { valid: new RelationColumns(), errors: [], errorCount: 0, repeats: 0 };
  private readonly seen = new Set<string>();

  private constructor(
    private readonly db: Queryable,
    private readonly rules: RelationImportRules,
    private readonly relationTypes: Map<string, { id: string; name: string }>,
  ) {}

  static async start(db: Queryable, rules: RelationImportRules): Promise<RelationResolver> {
    const types = await db.query<{ id: string; name: string }>('SELECT id, name FROM relation_types');
    return new RelationResolver(db, rules, new Map(types.map((t) => [t.name.toLowerCase(), t])));
  }

  /** The next chunk of the file's rows (at most RESOLVE_CHUNK: one node query). */
  async add(chunk: RelationRow[]): Promise<void> {
    const { out, rules, seen } = this;
    const found = await nodesNamed(this.db, [...new Set(chunk.flatMap((r) => [r.source, r.target]))]);
    for (const r of chunk) {
      const problems: string[] = [];
      const source = pickNode('Source', r.source, r.sourceType, found);
      const target = pickNode('Target', r.target, r.targetType, found);
      const type = this.relationTypes.get(r.relationType.toLowerCase());
      if (typeof source === 'string') problems.push(source);
      if (typeof target === 'string') problems.push(target);
      if (!type) problems.push(M.unknownRelationType(r.relationType));
      if (typeof source !== 'string' && typeof target !== 'string') {
        if (source.id === target.id) problems.push(RELATION_MESSAGES.sameNode);
        // The one rule check of the import.
        else if (type) {
          const broken = rules.violation(type.id, source.typeId, target.typeId);
          if (broken) problems.push(broken);
        }
      }
      if (problems.length > 0 || typeof source === 'string' || typeof target === 'string' || !type) {
        if (++out.errorCount <= MAX_REPORT_ROWS) out.errors.push({ row: r.row, cells: [...cellsOf(r), problems.join('; ')] });
        continue;
      }
      // A symmetric type's A→B and B→A are the same relation.
      const symmetric = rules.symmetric(type.id);
      const [a, b] = symmetric && target.id < source.id ? [target.id, source.id] : [source.id, target.id];
      const key = `${a}|${b}|${type.id}`;
      if (seen.has(key)) {
        out.repeats++;
        continue;
      }
      seen.add(key);
      const weight = parseWeight(r.weight) as number | null;
      const v = out.valid;
      v.sources.push(source.id);
      v.targets.push(target.id);
      v.types.push(type.id);
      // Blank name: the type's name, as the relation list shows a nameless relation (RelationTable displayName).
      v.names.push(r.relationName || type.name);
      // A blank weight takes the type's default weight, else 50.
      v.weights.push(weight ?? rules.defaultWeight(type.id) ?? LIMITS.relationWeight.default);
      v.urls.push(r.url || null);
      v.descriptions.push(r.description || null);
      v.symmetric.push(symmetric);
      // Checked when the row was read (relationRowProblems): a list here.
      const evidence = r.evidenceSource ? parseEvidence(r) : [];
      v.evidence.push(evidence.length > 0 ? JSON.stringify(evidence) : null);
    }
  }

  finish(): Resolved {
    return { ...this.out, valid: bySource(this.out.valid) };
  }
}

/** Step 2 over rows already read. */
export async function resolveRelations(db: Queryable, rows: RelationRow[], rules: RelationImportRules, onProgress: (fraction: number) => void): Promise<Resolved> {
  const resolver = await RelationResolver.start(db, rules);
  for (let from = 0; from < rows.length; from += RESOLVE_CHUNK) {
    await resolver.add(rows.slice(from, from + RESOLVE_CHUNK));
    onProgress(Math.min(1, (from + RESOLVE_CHUNK) / Math.max(rows.length, 1)));
  }
  return resolver.finish();
}

/**
 * Step 2 while step 1 still reads: each chunk of valid rows is resolved as soon as the reader has
 * it, so the node queries (PostgreSQL) and the checks run while the parser thread reads on, instead
 * of after the whole file (~1 s of a 100k-row import: bench/results/import-notes.md). Chunks
 * are cut and resolved in file order, so the outcome is resolveRelations' over the same rows.
 */
export function resolveWhileReading(db: Queryable, loadRules: (db: Queryable) => Promise<RelationImportRules>): { push(row: RelationRow): void; done(): Promise<Resolved> } {
  // A failure (even loading the rules) surfaces in done(), inside the job's resumable part.
  const resolver = loadRules(db).then((rules) => RelationResolver.start(db, rules));
  resolver.catch(() => undefined);
  let chunk: RelationRow[] = [];
  let chain: Promise<unknown> = resolver;
  const flush = () => {
    const rows = chunk;
    chunk = [];
    chain = chain.then(async () => (await resolver).add(rows));
    // Seen by done(); until then a failure must not be an unhandled rejection.
    chain.catch(() => undefined);
  };
  return {
    push(row) {
      chunk.push(row);
      if (chunk.length >= RESOLVE_CHUNK) flush();
    },
    async done() {
      if (chunk.length > 0) flush();
      await chain;
      return (await resolver).finish();
    },
  };
}

/**
 * The relations ordered by source, then target node: each inserted relation adds one to both end
 * nodes' degree (the statement trigger of migration 0004 upserts the node_degrees row of every node
 * a batch touches), so a batch of one source's relations touches far fewer rows there, and in the
 * relation indexes led by the source, than a batch of file rows in any order. Chosen when the
 * degree was a column of `nodes` and its update the largest cost of a batch; migration 0025 made
 * each update cheap. Deterministic, so a resume cuts the same batches.
 */
function bySource(v: RelationColumns): RelationColumns {
  const order = v.sources.map((_, i) => i).sort((a, b) => (v.sources[a] < v.sources[b] ? -1 : v.sources[a] > v.sources[b] ? 1 : v.targets[a] < v.targets[b] ? -1 : v.targets[a] > v.targets[b] ? 1 : a - b));
  const sorted = new RelationColumns();
  for (const key of ['sources', 'targets', 'types', 'names', 'weights', 'urls', 'descriptions', 'symmetric', 'evidence'] as const) {
    (sorted[key] as unknown[]) = order.map((i) => v[key][i]);
  }
  return sorted;
}

/** Error rows of both steps in file order, at most MAX_REPORT_ROWS. */
const inFileOrder = (a: ErrorRow[], b: ErrorRow[]) =>
  [...a, ...b]
    .sort((x, y) => x.row - y.row)
    .slice(0, MAX_REPORT_ROWS)
    .map((e) => [String(e.row), ...e.cells]);

/**
 * The whole import job (or its resume from the job's checkpoint); the runner owns the temp file.
 * `loadRules`: the relation-type rules (RelationImportRules); tests may pass their own.
 */
export async function runRelationImport(
  app: FastifyInstance,
  file: string,
  format: FileFormat,
  userId: string,
  ctx: JobContext,
  loadRules: (db: Queryable) => Promise<RelationImportRules> = loadImportRules,
): Promise<JobOutcome & { summary: UploadSummary }> {
  ctx.progress(5, 'Reading the file…', 'processing');
  const early = resolveWhileReading(app.db, loadRules);
  const read = await readRelationFile(file, format, ctx, (f) => ctx.progress(5 + 5 * f, 'Reading the file…'), early.push);
  ctx.validated();
  const batchRows = () => importBatchRows(app.db.kind, app.requestActivity.quietForMs());
  let resolving: Promise<Resolved> | null = early.done();
  resolving.catch(() => undefined);
  // Progress is work done: 5-10 % for the read, 10-20 % for the resolution, the rest by committed rows.
  const { resolved, created } = await ctx.resumable(async (from) => {
    const finding = 'Finding the nodes and relation types…';
    ctx.progress(10, finding);
    // The resolution done while reading, the first time; a retry (lost connection) resolves again.
    const first = resolving;
    resolving = null;
    const resolved = first ? await first : await resolveRelations(app.db, read.rows, await loadRules(app.db), (f) => ctx.progress(10 + 10 * f, finding));
    const { valid } = resolved;
    const total = valid.length;
    let done = Math.min(from.rowsCommitted, total);
    let created = from.data.created ?? 0;
    const merges = new PendingListMerges(app.db, ['relations'], () => app.requestActivity.quietForMs());
    const text = ctx.dryRun ? R.progressChecked : R.progressImported;
    const report = () => ctx.progress(20 + (79 * done) / Math.max(total, 1), text(done, total), 'inserting', { done, total });
    report();
    if (app.db.kind === 'postgres' && !ctx.dryRun && done < total) {
      const onCommitted = (cp: Checkpoint) => {
        done = cp.rowsCommitted;
        created = cp.data.created;
        report();
      };
      await insertTwoInFlight(app.db, ctx, valid, { rowsCommitted: done, rowsTotal: total, data: { created } }, { rows: batchRows, inFlight: () => importBatchesInFlight(app.requestActivity.quietForMs()), userId, merges, onCommitted });
    }
    // On the embedded database, and in a dry run: one batch at a time.
    while (done < total) {
      ctx.throwIfAborted();
      const end = Math.min(done + batchRows(), total);
      const cp = await ctx.commitBatch(
        async (tx) => {
          await merges.beforeBatch(tx, end === total);
          const added = await insertBatch(tx, valid, done, end, userId, ctx.id);
          return { rowsCommitted: end, rowsTotal: total, data: { created: created + added } };
        },
        { merges },
      );
      done = end;
      created = cp.data.created;
      report();
    }
    return { resolved, created };
  });
  const errors = read.errorCount + resolved.errorCount;
  const summary: UploadSummary = { total: read.total, created, skipped: read.total - errors - created, errors, ...(read.sheet !== undefined && { sheet: read.sheet }) };
  let errorReportKey: string | null = null;
  if (errors > 0) {
    ctx.progress(99, 'Writing the error report…');
    errorReportKey = await app.blobs.put(errorReport(RELATION_REPORT_HEADER, inFileOrder(read.errors, resolved.errors), errors));
  }
  const sheet = read.sheet !== undefined ? ` (sheet ${JSON.stringify(read.sheet)})` : '';
  // A check says what an import would do (it used to read "Import completed: 5 created").
  const message = ctx.dryRun ? `Check completed${sheet}: ${R.checked(created, summary.skipped, errors)}` : `Import completed${sheet}: ${R.uploaded(created, summary.skipped, errors)}`;
  return { message, summary, errorReportKey };
}

/** The relation import as a kind of job: the engine runs it again from its checkpoint after an interruption. */
export const relationImportJob: JobKindHandler = {
  kind: 'relations',
  runsAsUser: true,
  run: (app, file, format, createdBy, ctx) => runRelationImport(app, file, format, createdBy!, ctx),
};
