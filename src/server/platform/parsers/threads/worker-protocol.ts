import { AppError } from '../../../app-error';
import type { FileFormat, ParseLimits, SheetRow } from '../types';

/** What a parser worker is asked to do: one job at a time, each with its own id. */
export type WorkerJob =
  /** `countOnly`: the first row is sent, then only how many rows each batch of the rest had. */
  | { op: 'read'; file: string; format: FileFormat; limits: ParseLimits; progress: boolean; countOnly?: boolean }
  | { op: 'oleKind'; file: string };

/** A new job, or credits for the current one: how many more batches it may send. */
export type ToWorker = { type: 'job'; id: number; job: WorkerJob } | { type: 'credits'; id: number; credits: number };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** Set for an AppError: it is rebuilt as one, so a bad file stays the same 4xx. */
  app?: { statusCode: number; code: string; details?: string[] };
}

/** What a job answers; `done`, `result` and `error` end it (the worker is then free). */
export type Answer =
  | { type: 'batch'; rows: SheetRow[] }
  | { type: 'counted'; rows: number }
  | { type: 'progress'; fraction: number }
  | { type: 'result'; value: unknown }
  | { type: 'done' }
  | { type: 'error'; error: SerializedError };

export type FromWorker = { id: number } & Answer;

/** Errors cross threads as plain data (structured clone keeps no class): keep what rebuilds them. */
export function serializeError(err: unknown): SerializedError {
  const e = err instanceof Error ? err : new Error(String(err));
  const out: SerializedError = { name: e.name, message: e.message, stack: e.stack };
  if (err instanceof AppError) out.app = { statusCode: err.statusCode, code: err.code, ...(err.details ? { details: err.details } : {}) };
  return out;
}

export function deserializeError(s: SerializedError): Error {
  const err = s.app ? new AppError(s.app.statusCode, s.app.code, s.message, s.app.details) : new Error(s.message);
  if (!s.app) err.name = s.name;
  if (s.stack) err.stack = s.stack;
  return err;
}
