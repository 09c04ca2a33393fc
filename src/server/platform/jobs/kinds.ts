import type { FastifyInstance } from 'fastify';
import type { FileFormat } from '../parsers';
import type { JobKind } from './repository';
import type { JobContext, JobOutcome } from './runner';

/**
 * What the engine knows of a kind of job: how to run it (again) from its upload. The modules that
 * own the work (node, relation and SNOMED import) hand theirs to the jobs plugin when the app is
 * built, so the engine resumes an interrupted job without importing any module.
 */
export interface JobKindHandler {
  kind: JobKind;
  /** The job works on behalf of the user who started it: one whose user is gone is not resumed. */
  runsAsUser: boolean;
  /** `createdBy` is the job's user; never null when `runsAsUser`. */
  run(app: FastifyInstance, file: string, format: FileFormat, createdBy: string | null, ctx: JobContext): Promise<JobOutcome>;
}

/** The handlers by kind; a kind registered twice is a programming error caught at start. */
export function jobKindRegistry(handlers: readonly JobKindHandler[]): ReadonlyMap<JobKind, JobKindHandler> {
  const byKind = new Map<JobKind, JobKindHandler>();
  for (const h of handlers) {
    if (byKind.has(h.kind)) throw new Error(`Job kind ${h.kind} is registered twice`);
    byKind.set(h.kind, h);
  }
  return byKind;
}
