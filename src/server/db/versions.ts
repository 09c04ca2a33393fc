import { CONFLICT_TEXTS, EDIT_CONFLICT } from '../../contract';
import { AppError } from '../app-error';
import type { Queryable } from './db';
import { isoOrNull } from './rows';

/**
 * Optimistic concurrency, in one place (docs/architecture/versions.md). Every editable record has
 * an integer `version`; a write first *claims* the record: one UPDATE that moves the version on,
 * says who changed it and when, and — when the writer said which version it edited (If-Match or
 * a body's `version`) — only if that is still the stored one. The UPDATE takes the row lock, so
 * concurrent writers of one record queue on it and each re-reads the row before comparing: of
 * fifty writers holding the same version exactly one matches. A claim that matches nothing is a
 * 404 or, when the record exists, a 412 `edit_conflict` carrying the record as it is now; the
 * route's transaction rolls back, so nothing was written.
 */
export interface VersionedRecord {
  table: 'nodes' | 'relations' | 'node_types' | 'relation_types' | 'users' | 'roles' | 'server_settings';
  /** The key column (`id`, or `key` for server_settings). */
  key?: 'id' | 'key';
  /** The 404's message. */
  notFound: string;
  /** The record as GET answers it, for the 412's `current`. */
  current(db: Queryable, id: string): Promise<unknown>;
}

/** What a 412 says besides the record: who made the change the writer had not seen, and when. */
interface ChangeStamp {
  version: number;
  updated_by: string | null;
  updated_by_username: string | null;
  updated_at: Date | string | null;
}

/**
 * Moves the record's version on (also when the write changes nothing else) and returns the new
 * one. `expected` undefined: unconditional (the spec's clients send none). Call it first in the
 * write's transaction, before anything else is written.
 */
export async function claimVersion(tx: Queryable, spec: VersionedRecord, id: string, expected: number | undefined, actorId: string | null): Promise<number> {
  const key = spec.key ?? 'id';
  const rows = await tx.query<{ version: number }>(
    `UPDATE ${spec.table} SET version = version + 1, updated_by = $3, updated_at = now()
      WHERE ${key} = $1 AND ($2::int IS NULL OR version = $2::int) RETURNING version`,
    [id, expected ?? null, actorId],
  );
  if (rows.length) return rows[0].version;
  const stamp = await changeStamp(tx, spec, id);
  if (!stamp) throw new AppError(404, 'not_found', spec.notFound);
  throw await editConflict(tx, spec, id, stamp);
}

async function changeStamp(db: Queryable, spec: VersionedRecord, id: string): Promise<ChangeStamp | null> {
  const key = spec.key ?? 'id';
  const [row] = await db.query<ChangeStamp>(
    `SELECT t.version, t.updated_by, u.username AS updated_by_username, t.updated_at
       FROM ${spec.table} t LEFT JOIN users u ON u.id = t.updated_by WHERE t.${key} = $1`,
    [id],
  );
  return row ?? null;
}

async function editConflict(db: Queryable, spec: VersionedRecord, id: string, stamp: ChangeStamp): Promise<AppError> {
  return new AppError(412, EDIT_CONFLICT, CONFLICT_TEXTS.stale, undefined, {
    current: await spec.current(db, id),
    changedBy: stamp.updated_by && stamp.updated_by_username ? { id: stamp.updated_by, username: stamp.updated_by_username } : null,
    changedAt: isoOrNull(stamp.updated_at),
  });
}

/**
 * For writes that must not move the version themselves but must refuse a stale copy (a restore's
 * preview check): 412 unless the stored version is `expected` (or nothing was expected).
 */
export async function checkVersion(db: Queryable, spec: VersionedRecord, id: string, expected: number | undefined): Promise<void> {
  const stamp = await changeStamp(db, spec, id);
  if (!stamp) throw new AppError(404, 'not_found', spec.notFound);
  if (expected !== undefined && stamp.version !== expected) throw await editConflict(db, spec, id, stamp);
}
