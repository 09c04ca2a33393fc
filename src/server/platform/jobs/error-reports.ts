import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors';
import type { AuthContext } from '../../types';
import { canSeeJob } from './plugin';
import { getJob, type JobKind } from './repository';

/**
 * An import's error report, for its uploader or an admin only. Reports are found by job id
 * and read from the blob store by the key on the job row: no user input becomes a path.
 * Someone else's report answers 404, like one that does not exist.
 */
export async function loadErrorReport(app: FastifyInstance, jobId: string, kind: JobKind, auth: AuthContext): Promise<Buffer> {
  const job = await getJob(app.db, jobId);
  if (!job || job.kind !== kind || !job.error_report_key || !canSeeJob(job, auth.user.id, auth.permissions)) {
    throw notFound('Error report not found');
  }
  const data = await app.blobs.get(job.error_report_key);
  if (!data) throw notFound('Error report not found');
  return data;
}
