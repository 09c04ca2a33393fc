import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Queryable } from '../../db/db';
import type { PendingListMerges } from '../../db/gin-pending';
import type { RelationColumns } from './importer';
import type { Checkpoint } from '../../platform/jobs/repository';
import type { JobContext } from '../../platform/jobs/runner';
import { RELATION_IMPORT_LOCK_KEY } from '../../platform/locks';

/**
 * Step 3 of the relation import (relation-import.ts): the valid relations written in batches,
 * one at a time (insertBatch: the embedded database, a dry run) or two in flight on a PostgreSQL
 * server (insertTwoInFlight), and the relation imports' turn that keeps two imports apart.
 */

/**
 * Relation imports take turns, so two imports of overlapping files never both insert the same
 * relation (the unique index covers one direction; a symmetric type's reversed pair needs this):
 * each batch's duplicate check sees what the other's committed batches wrote. One at a time
 * (the embedded database, a dry run) each batch takes the turn in its own transaction; with two
 * batches in flight (PostgreSQL) the import holds it for all of its batches (insertTwoInFlight).
 */
export const RELATION_IMPORT_LOCK_SQL = `SELECT pg_advisory_xact_lock(${RELATION_IMPORT_LOCK_KEY})`;

/**
 * A batch of relations ($1 sources, $2 targets, $3 types, $4 names, $5 weights, $6 URLs,
 * $7 descriptions, $8 symmetric, $9 user, $10 job, $11 evidence as JSON arrays or null); answers how many were new, and the id of
 * the batch's row of create events (null if none was new). A relation that
 * exists already with the same source, target and type (either direction for a symmetric type)
 * is skipped; so is one whose node was deleted since the resolution. Each created relation gets
 * its audit event in the same statement, stored with the batch's others as one row of
 * audit_created_batches (migration 0029); the view audit_events gives each back with the fields and
 * state (detail.state, what a restore returns to) the relation form's create writes
 * (relation-audit.ts), plus the job's id. A created relation's evidence is written by the same
 * statement (its rows reach the relation inserted beside them; foreign keys are checked at its end).
 */
export const INSERT_RELATIONS_SQL = `
  WITH src AS MATERIALIZED (
    SELECT gen_random_uuid() AS id, r.s, r.t, r.ty, r.name, r.w, r.url, r.descr, r.ev, r.ord,
           s.name AS source_name, t.name AS target_name, rt.name AS type_name
      FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[], $8::boolean[], $11::text[])
             WITH ORDINALITY AS r(s, t, ty, name, w, url, descr, sym, ev, ord)
      JOIN nodes s ON s.id = r.s
      JOIN nodes t ON t.id = r.t
      JOIN relation_types rt ON rt.id = r.ty
     WHERE NOT EXISTS (SELECT 1 FROM relations x WHERE x.source_node_id = r.s AND x.target_node_id = r.t AND x.relation_type_id = r.ty)
       AND NOT (r.sym AND EXISTS (SELECT 1 FROM relations x WHERE x.source_node_id = r.t AND x.target_node_id = r.s AND x.relation_type_id = r.ty))),
  added AS (
    INSERT INTO relations (id, source_node_id, target_node_id, relation_type_id, relation_name, weight, url, description, created_by, updated_by)
    SELECT id, s, t, ty, name, w, url, descr, $9::uuid, $9::uuid FROM src ORDER BY ord
    ON CONFLICT DO NOTHING
    RETURNING id),
  logged AS (
    INSERT INTO audit_created_batches (actor_id, actor_name, entity_type, job_id, entity_ids, names, type_names, source_ids, target_ids,
                                       type_ids, source_names, target_names, weights, urls, descriptions)
    SELECT $9::uuid, (SELECT username FROM users WHERE id = $9::uuid), 'relation', $10::text,
           array_agg(r.id ORDER BY r.ord), array_agg(r.name ORDER BY r.ord), array_agg(r.type_name ORDER BY r.ord),
           array_agg(r.s ORDER BY r.ord), array_agg(r.t ORDER BY r.ord), array_agg(r.ty ORDER BY r.ord),
           array_agg(r.source_name ORDER BY r.ord), array_agg(r.target_name ORDER BY r.ord), array_agg(r.w ORDER BY r.ord),
           array_agg(r.url ORDER BY r.ord), array_agg(r.descr ORDER BY r.ord)
      FROM added a JOIN src r ON r.id = a.id
    HAVING count(*) > 0
    RETURNING id),
  evidence AS (
    INSERT INTO relation_evidence (relation_id, seq, source, quote, grade)
    SELECT a.id, e.seq - 1, e.item->>'source', e.item->>'quote', e.item->>'grade'
      FROM added a JOIN src r ON r.id = a.id
      CROSS JOIN LATERAL jsonb_array_elements(r.ev::jsonb) WITH ORDINALITY AS e(item, seq)
     WHERE r.ev IS NOT NULL)
  SELECT count(*)::int AS created, (SELECT id FROM logged)::text AS events_id FROM added`;

async function insertRows(tx: Queryable, v: RelationColumns, from: number, to: number, userId: string, jobId: string): Promise<{ created: number; events_id: string | null }> {
  const cut = <T>(a: T[]) => a.slice(from, to);
  const params = [cut(v.sources), cut(v.targets), cut(v.types), cut(v.names), cut(v.weights), cut(v.urls), cut(v.descriptions), cut(v.symmetric), userId, jobId, cut(v.evidence)];
  const [row] = await tx.query<{ created: number; events_id: string | null }>(INSERT_RELATIONS_SQL, params);
  return row;
}

/** One batch in its own turn (one at a time). */
export async function insertBatch(tx: Queryable, v: RelationColumns, from: number, to: number, userId: string, jobId: string): Promise<number> {
  await tx.query(RELATION_IMPORT_LOCK_SQL);
  return (await insertRows(tx, v, from, to, userId, jobId)).created;
}

/**
 * The end nodes' degrees of the relations a pipelined batch created ($1: its row of create
 * events, which lists them): what the insert trigger does, which such a batch turns off
 * (migration 0030) so that it writes them only once the batch before has committed.
 */
export const ADD_BATCH_DEGREES_SQL = `SELECT node_degrees_add(b.source_ids || b.target_ids) FROM audit_created_batches b WHERE b.id = $1::bigint`;

/** Whether the connection `pid` still holds the relation imports' turn. */
const TURN_HELD_SQL = `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = ${RELATION_IMPORT_LOCK_KEY} AND objsubid = 1 AND pid = $1 AND granted) AS held`;

/** The turn's connection is gone: a lost connection, so the job resumes from its checkpoint. */
class TurnLost extends Error {
  readonly code = '08006';
  constructor() {
    super('the connection holding the relation import turn was lost');
  }
}

/** How often an import waiting for the turn asks again (and checks whether it was stopped). */
const TURN_POLL_MS = 250;

/**
 * The batches on a PostgreSQL server (not a dry run): two in flight while nobody is waiting
 * (importBatchesInFlight), each committed after the one before (batch-pipeline.ts); 100k
 * relations' batches took 6.1 s one at a time, 3.4-3.6 s so (bench/import/probes/relation-cost.ts,
 * RELCOST_PIPELINE=1). The import's turn is held by a transaction of its own for all of them
 * (asked for again every TURN_POLL_MS while another import has it, so that a stop is seen), and
 * each batch checks, in order, that it still is; each writes its nodes' degrees once the batch
 * before has committed. Answers the last checkpoint.
 */
export async function insertTwoInFlight(
  db: Db,
  ctx: JobContext,
  valid: RelationColumns,
  start: Checkpoint,
  batch: { rows: () => number; inFlight: () => number; userId: string; merges: PendingListMerges; onCommitted: (cp: Checkpoint) => void },
): Promise<Checkpoint> {
  const total = valid.length;
  return db.transaction(async (turn) => {
    const tryTurn = async () => (await turn.query<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(${RELATION_IMPORT_LOCK_KEY}) AS got`))[0].got;
    if (!(await tryTurn())) {
      ctx.progress(20, 'Waiting for another relation import to finish…');
      do {
        ctx.throwIfAborted();
        await sleep(TURN_POLL_MS);
      } while (!(await tryTurn()));
    }
    const [{ pid }] = await turn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pipeline = ctx.pipeline(start, batch.inFlight, batch.onCommitted);
    try {
      for (let from = start.rowsCommitted; from < total; ) {
        // A stop keeps the batches in flight: they commit before the job says what it kept.
        if (ctx.signal.aborted) await pipeline.abandon();
        ctx.throwIfAborted();
        const [at, end] = [from, Math.min(from + batch.rows(), total)];
        let eventsId: string | null = null;
        await pipeline.push({
          async first(tx) {
            const [{ held }] = await tx.query<{ held: boolean }>(TURN_HELD_SQL, [pid]);
            if (!held) throw new TurnLost();
          },
          async write(tx) {
            await tx.query(`SET LOCAL kg.import_writes_degrees = 'on'`);
            await batch.merges.beforeBatch(tx, end === total);
            const row = await insertRows(tx, valid, at, end, batch.userId, ctx.id);
            eventsId = row.events_id;
            return (previous) => ({ rowsCommitted: end, rowsTotal: total, data: { created: (previous.data.created ?? 0) + row.created } });
          },
          async afterPrevious(tx) {
            if (eventsId !== null) await tx.query(ADD_BATCH_DEGREES_SQL, [eventsId]);
          },
        });
        from = end;
      }
      return await pipeline.drain();
    } finally {
      await pipeline.abandon();
    }
  });
}

