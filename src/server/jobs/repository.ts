import type { JobStatus } from '../../contract';
import type { Queryable } from '../db/db';
import type { JobState } from './events';

/** import_jobs rows (migration 0002): one per upload, the source of truth for late joiners and restarts. */
export type JobKind = 'nodes' | 'snomed';

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
}

const COLUMNS = 'id, kind, status, progress, message, filename, summary, error_report_key, created_by';

export async function createJob(db: Queryable, job: { kind: JobKind; filename: string; userId: string; message: string; progress: number }): Promise<JobRow> {
  const rows = await db.query<JobRow>(
    `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by)
     VALUES ($1, 'processing', $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [job.kind, job.progress, job.message, job.filename, job.userId],
  );
  return rows[0];
}

export async function getJob(db: Queryable, id: string): Promise<JobRow | null> {
  return (await db.query<JobRow>(`SELECT ${COLUMNS} FROM import_jobs WHERE id = $1`, [id]))[0] ?? null;
}

/** Progress and heartbeat: updated_at tells other instances the job is alive. */
export async function saveJobState(
  db: Queryable,
  id: string,
  state: { status: JobStatus; progress: number; message: string; summary?: object | null; errorReportKey?: string | null },
): Promise<void> {
  await db.query(
    `UPDATE import_jobs
        SET status = $2, progress = $3, message = $4,
            summary = COALESCE($5::jsonb, summary), error_report_key = COALESCE($6, error_report_key), updated_at = now()
      WHERE id = $1`,
    [id, state.status, state.progress, state.message, state.summary ? JSON.stringify(state.summary) : null, state.errorReportKey ?? null],
  );
}

/**
 * Jobs that were processing when their server stopped. On PGlite only this process can run
 * jobs (the data dir is locked), so every unfinished job is dead; on PostgreSQL other
 * instances may be working, so only jobs without a heartbeat for `staleSeconds` are.
 */
export async function markInterruptedJobs(db: Queryable, staleSeconds: number, message: string): Promise<number> {
  const rows = await db.query(
    `UPDATE import_jobs SET status = 'error', message = $2, updated_at = now()
      WHERE status IN ('processing', 'inserting') AND updated_at <= now() - make_interval(secs => $1)
      RETURNING id`,
    [staleSeconds, message],
  );
  return rows.length;
}

export function stateOfRow(row: JobRow): JobState {
  return { status: row.status, progress: row.progress, message: row.message, summary: row.summary, errorReportKey: row.error_report_key };
}
