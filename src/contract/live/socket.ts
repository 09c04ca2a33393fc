import type { TextRef } from '../texts/define';

/** socket.io event names and payloads shared by server and client (spec §7 Real-time). */
export const SOCKET_PATH = '/socket.io';

export const SOCKET_EVENTS = {
  nodeUploadProgress: (processId: string) => `upload-progress-${processId}`,
  snomedUploadProgress: 'snomed-upload-progress',
  joinJob: 'job.join',
  /** Live changes of nodes, relations and types (contract/live-changes.ts: ChangesPayload). */
  changes: 'kg.changes',
} as const;

export type JobStatus = 'processing' | 'inserting' | 'completed' | 'error';

export interface ProgressEvent {
  progress: number;
  message: string;
  /** `message` as declared texts (ids + values) when it is made of them: the client words it in its language. */
  text?: TextRef[];
  status: JobStatus;
  summary?: { total: number; created: number; skipped: number; errors: number; sheet?: string; untyped?: number };
  /** Rows committed so far (the job's checkpoint): what a stopped job kept. */
  rowsCommitted?: number;
  /** While rows are written: how many of how many (the client words the message in its language). */
  progressRows?: { done: number; total: number };
  /** A check of the file ("Check file", `?dryRun=true`): nothing is written. */
  dryRun?: true;
}
