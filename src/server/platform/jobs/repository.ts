import type { JobStatus } from '../../../contract';
import type { Queryable } from '../../db/db';
import type { JobState } from './events';

/** import_jobs rows (migrations 0002, 0008, 0020): one per upload, the source of truth for late joiners and restarts. */
export type JobKind = 'nodes' | 'snomed' | 'relations' | 'terminology';

/** What a resume needs besides rows_committed; each importer keeps its own counts here. */
export type CheckpointData = Record<string, number>;

export interface Checkpoint {
  rowsCommitted: number;
  rowsTotal: number | null;
  data: CheckpointData;
}

export interface JobRow {
  id: string;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  message: string;
  filename: string | null;
  summary: Record<string, number> | null;
  error_report_key: string | null;
  created_by: string | null;
  rows_committed: number;
  rows_total: number | null;
  checkpoint: CheckpointData | null;
  run_token: string | null;
  upload_path: string | null;
  upload_format: string | null;
  /** The upload's copy in the database (migration 0016), which any instance can resume from. */
  upload_id: string | null;
  interrupted: boolean;
  resumes: number;
  /** A check of the file that writes no data row (migration 0021): every batch is rolled back. */
  dry_run: boolean;
}

const COLUMNS =
  'id, kind, status, progress, message, filename, summary, error_report_key, created_by, ' +
  'rows_committed, rows_total, checkpoint, run_token, upload_path, upload_format, upload_id, interrupted, resumes, dry_run';
const UNFINISHED = `status IN ('processing', 'inserting')`;

export async function createJob(
  db: Queryable,
  job: {
    kind: JobKind;
    filename: string;
    userId: string;
    message: string;
    progress: number;
    upload?: { path: string; format: string; storedId?: string | null };
    dryRun?: boolean;
  },
): Promise<JobRow> {
  const rows = await db.query<JobRow>(
    `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by, run_token, upload_path, upload_format, upload_id, dry_run)
     VALUES ($1, 'processing', $2, $3, $4, $5, gen_random_uuid(), $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [job.kind, job.progress, job.message, job.filename, job.userId, job.upload?.path ?? null, job.upload?.format ?? null, job.upload?.storedId ?? null, job.dryRun ?? false],
  );
  return rows[0];
}

export async function getJob(db: Queryable, id: string): Promise<JobRow | null> {
  return (await db.query<JobRow>(`SELECT ${COLUMNS} FROM import_jobs WHERE id = $1`, [id]))[0] ?? null;
}

/**
 * Progress and heartbeat: updated_at tells other instances the job is alive. Only the run that
 * owns the job writes, and never over a final state: a job that completed or failed stays so
 * (a late heartbeat, or a run that lost its claim, changes nothing). Answers whether it wrote.
 */
export async function saveJobState(
  db: Queryable,
  id: string,
  runToken: string | null,
  state: { status: JobStatus; progress: number; message: string; summary?: object | null; errorReportKey?: string | null },
  interrupted = false,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE import_jobs
        SET status = $2, progress = $3, message = $4,
            summary = COALESCE($5::jsonb, summary), error_report_key = COALESCE($6, error_report_key),
            interrupted = $8, updated_at = now()
      WHERE id = $1 AND run_token IS NOT DISTINCT FROM $7::uuid AND ${UNFINISHED}
      RETURNING 1`,
    [id, state.status, state.progress, state.message, state.summary ? JSON.stringify(state.summary) : null, state.errorReportKey ?? null, runToken, interrupted],
  );
  return rows.length > 0;
}

/** Thrown inside a batch's transaction when the job is no longer this run's: the batch rolls back. */
export class JobTakenOver extends Error {
  constructor(id: string) {
    super(`Import ${id} is finished or was taken over by another run`);
  }
}

/** Records a batch's checkpoint in the batch's own transaction, so the two commit together or not at all. */
export async function writeCheckpoint(tx: Queryable, id: string, runToken: string | null, cp: Checkpoint): Promise<void> {
  const rows = await tx.query(
    `UPDATE import_jobs SET rows_committed = $3, rows_total = $4, checkpoint = $5::jsonb, updated_at = now()
      WHERE id = $1 AND run_token IS NOT DISTINCT FROM $2::uuid AND ${UNFINISHED}
      RETURNING 1`,
    [id, runToken, cp.rowsCommitted, cp.rowsTotal, JSON.stringify(cp.data)],
  );
  if (rows.length === 0) throw new JobTakenOver(id);
}

export async function readCheckpoint(db: Queryable, id: string): Promise<Checkpoint> {
  const [row] = await db.query<Pick<JobRow, 'rows_committed' | 'rows_total' | 'checkpoint'>>(
    'SELECT rows_committed, rows_total, checkpoint FROM import_jobs WHERE id = $1',
    [id],
  );
  return { rowsCommitted: row?.rows_committed ?? 0, rowsTotal: row?.rows_total ?? null, data: row?.checkpoint ?? {} };
}

/**
 * Jobs whose run is gone: stopped on purpose (interrupted) or without a heartbeat for
 * `staleSeconds` (their server died). On PGlite only this process can run jobs (the data dir is
 * locked), so at start every unfinished job is one (staleSeconds 0).
 */
export async function orphanedJobs(db: Queryable, staleSeconds: number): Promise<(JobRow & { stale: boolean })[]> {
  return db.query<JobRow & { stale: boolean }>(
    `SELECT ${COLUMNS}, updated_at <= now() - make_interval(secs => $1) AS stale
       FROM import_jobs WHERE ${UNFINISHED} AND (interrupted OR updated_at <= now() - make_interval(secs => $1))
      ORDER BY created_at`,
    [staleSeconds],
  );
}

/**
 * Takes an orphaned job over for a resume, atomically (DESIGN §9: claimed with FOR UPDATE SKIP
 * LOCKED): of several instances sweeping at once exactly one gets the row, the others skip it
 * without waiting; the winner's new run token makes the old run's writes change nothing.
 */
export async function claimJob(db: Queryable, id: string, staleSeconds: number): Promise<JobRow | null> {
  const rows = await db.query<JobRow>(
    `WITH orphan AS (
       SELECT id FROM import_jobs
        WHERE id = $1 AND ${UNFINISHED} AND (interrupted OR updated_at <= now() - make_interval(secs => $2))
        FOR UPDATE SKIP LOCKED)
     UPDATE import_jobs j SET run_token = gen_random_uuid(), interrupted = false, resumes = j.resumes + 1, updated_at = now()
       FROM orphan WHERE j.id = orphan.id
     RETURNING ${COLUMNS.split(', ').map((c) => `j.${c}`).join(', ')}`,
    [id, staleSeconds],
  );
  return rows[0] ?? null;
}

/** The upload files unfinished jobs may still need (to run, or to resume from). */
export async function unfinishedUploads(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ upload_path: string }>(`SELECT upload_path FROM import_jobs WHERE ${UNFINISHED} AND upload_path IS NOT NULL`);
  return new Set(rows.map((r) => r.upload_path));
}

export function stateOfRow(row: JobRow): JobState {
  return {
    status: row.status,
    progress: row.progress,
    message: row.message,
    summary: row.summary,
    errorReportKey: row.error_report_key,
    rowsCommitted: row.rows_committed ?? 0,
    dryRun: row.dry_run,
  };
}
