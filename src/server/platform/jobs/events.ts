import { SOCKET_EVENTS, type JobStatus } from '../../../contract';
import { said, type TextRef } from '../../../contract/texts';
import type { JobKind } from './repository';

/**
 * How a job speaks on socket.io (spec §7 Real-time): node uploads on `upload-progress-{id}`,
 * relation imports on the same event with the same payload plus `kind: 'relations'`, SNOMED imports on `snomed-upload-progress` (with the processId, as several may run).
 * Events go to the job's room (late joiners, admins watching) and to the uploader's own
 * room, so a client connected before it knew the processId misses nothing.
 */
export interface JobState {
  status: JobStatus;
  progress: number;
  message: string;
  /** `message` as ids + values when it has values (a plain declared text is looked up when sent). */
  text?: TextRef[];
  summary?: object | null;
  errorReportKey?: string | null;
  /** Rows committed so far (the checkpoint): what a stopped job kept. */
  rowsCommitted?: number;
  /** While rows are written: how many of how many (the client words it in its language). */
  progressRows?: { done: number; total: number } | null;
  /** A check of the file (dry run): nothing is written, the summary says what an import would do. */
  dryRun?: boolean;
}

export const jobRoom = (id: string) => `job:${id}`;
export const userRoom = (userId: string) => `user:${userId}`;

export const nodeErrorReportUrl = (id: string) => `/api/nodes/download-errors/${id}`;
export const relationErrorReportUrl = (id: string) => `/api/relations/download-errors/${id}`;
export const snomedErrorFileName = (id: string) => `snomed_import_errors_${id}.xlsx`;
export const snomedErrorFileUrl = (id: string) => `/api/snomed/download-errors/${snomedErrorFileName(id)}`;

export function jobEventName(kind: JobKind, id: string): string {
  return kind === 'snomed' ? SOCKET_EVENTS.snomedUploadProgress : SOCKET_EVENTS.nodeUploadProgress(id);
}

export function jobPayload(kind: JobKind, id: string, state: JobState): Record<string, unknown> {
  // The server speaks English (`message`); `text` says the same as ids + values for the client's language.
  const text = state.text ?? said(state.message).text;
  const base = {
    progress: state.progress,
    message: state.message,
    ...(text ? { text } : {}),
    status: state.status,
    ...(state.summary ? { summary: state.summary } : {}),
    ...(state.rowsCommitted !== undefined ? { rowsCommitted: state.rowsCommitted } : {}),
    ...(state.progressRows && state.status !== 'completed' ? { progressRows: state.progressRows } : {}),
    ...(state.dryRun ? { dryRun: true } : {}),
  };
  if (kind === 'nodes') return { ...base, processId: id, ...(state.errorReportKey ? { downloadUrl: nodeErrorReportUrl(id) } : {}) };
  // Adding a code system to the graph (Terminology page): the node upload's event and shape, with its kind.
  if (kind === 'terminology') return { ...base, processId: id, kind };
  if (kind === 'relations') return { ...base, processId: id, kind, ...(state.errorReportKey ? { downloadUrl: relationErrorReportUrl(id) } : {}) };
  return { processId: id, ...base, ...(state.errorReportKey ? { errorFileUrl: snomedErrorFileUrl(id) } : {}) };
}
