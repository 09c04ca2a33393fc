import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { IMPORT_MESSAGES } from '../contract/import-texts';
import { NODE_UPLOAD_TEXTS } from '../contract/node-upload-texts';
import type { NodeUploadResponse, UploadSummary } from '../contract/imports';
import { LIMITS } from '../contract/limits';
import type { NodeUploadProgress } from '../api/socket';
import { failureText } from './error-text';
import { clampProgress, hasExtension } from './upload-file';

/**
 * Bulk node upload (spec §4): closed → idle → uploading → processing → completed | error.
 * Choosing a valid file returns to idle; closing is refused while uploading or processing;
 * the answer may complete the upload at once (it carries the summary), otherwise progress
 * events (a socket watcher) move it on, and one with status error ends it with its message.
 * On close after a completion that created nodes, `upload.closed` says refresh: true.
 */
export interface NodeUploadInput {
  upload: (file: File) => Promise<NodeUploadResponse>;
  /** Starts listening for the job's progress; returns the function that stops. */
  watch: (processId: string, onEvent: (event: NodeUploadProgress) => void) => () => void;
}

export interface NodeUploadContext extends NodeUploadInput {
  file: File | null;
  fileError: string | null;
  progress: number;
  message: string;
  processId: string | null;
  summary: UploadSummary | null;
  downloadUrl: string | null;
  error: string | null;
}

export type NodeUploadEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'file.select'; file: File | null }
  | { type: 'upload.start' }
  | { type: 'upload.reset' }
  | { type: 'upload.progress'; event: NodeUploadProgress };

export type NodeUploadEmitted = { type: 'upload.closed'; refresh: boolean };

const fresh = { file: null, fileError: null, progress: 0, message: '', processId: null, summary: null, downloadUrl: null, error: null };

export const nodeUploadMachine = setup({
  types: {
    context: {} as NodeUploadContext,
    events: {} as NodeUploadEvent,
    input: {} as NodeUploadInput,
    emitted: {} as NodeUploadEmitted,
  },
  actors: {
    upload: fromPromise<NodeUploadResponse, { upload: NodeUploadInput['upload']; file: File }>(({ input }) => input.upload(input.file)),
    progress: fromCallback<NodeUploadEvent, { watch: NodeUploadInput['watch']; processId: string }>(({ input, sendBack }) =>
      input.watch(input.processId, (event) => sendBack({ type: 'upload.progress', event })),
    ),
  },
  guards: {
    validFile: ({ event }) => event.type === 'file.select' && !!event.file && hasExtension(event.file.name, LIMITS.bulkUploadExtensions),
    hasFile: ({ context }) => !!context.file,
    refused: ({ event }) => (event as unknown as { output: NodeUploadResponse }).output.success === false,
    finishedAtOnce: ({ event }) => {
      const res = (event as unknown as { output: NodeUploadResponse }).output;
      return res.status === 'completed' && !!res.summary;
    },
    failedAtOnce: ({ event }) => (event as unknown as { output: NodeUploadResponse }).output.status === 'error',
    progressCompleted: ({ event }) => event.type === 'upload.progress' && event.event.status === 'completed',
    progressFailed: ({ event }) => event.type === 'upload.progress' && event.event.status === 'error',
  },
  actions: {
    takeFile: assign(({ event }) => (event.type === 'file.select' ? { ...fresh, file: event.file } : {})),
    rejectFile: assign({ ...fresh, fileError: IMPORT_MESSAGES.nodeFileType }),
    noFile: assign({ fileError: IMPORT_MESSAGES.noFile }),
    trackProgress: assign(({ context, event }) =>
      event.type === 'upload.progress'
        ? { progress: Math.max(context.progress, clampProgress(event.event.progress, context.progress)), message: event.event.message || context.message }
        : {},
    ),
    complete: assign(({ event }) => {
      if (event.type !== 'upload.progress') return {};
      return { progress: 100, message: event.event.message, summary: event.event.summary ?? null, downloadUrl: event.event.downloadUrl ?? null };
    }),
    fail: assign(({ event }) => ({ error: event.type === 'upload.progress' && event.event.message ? event.event.message : IMPORT_MESSAGES.uploadFailed })),
    tellClosed: emit(({ context }) => ({ type: 'upload.closed' as const, refresh: (context.summary?.created ?? 0) > 0 })),
  },
}).createMachine({
  id: 'nodeUpload',
  context: ({ input }) => ({ ...input, ...fresh }),
  initial: 'closed',
  states: {
    closed: {
      entry: assign(fresh),
      on: { 'dialog.open': 'idle' },
    },
    idle: {
      on: {
        'file.select': [{ guard: 'validFile', actions: 'takeFile' }, { actions: 'rejectFile' }],
        'upload.start': [{ guard: 'hasFile', target: 'uploading' }, { actions: 'noFile' }],
        'dialog.close': { target: 'closed', actions: 'tellClosed' },
      },
    },
    uploading: {
      entry: assign({ progress: 5, message: NODE_UPLOAD_TEXTS.uploadingText, error: null, fileError: null }),
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ upload: context.upload, file: context.file! }),
        onDone: [
          { guard: 'refused', target: 'error', actions: assign(({ event }) => ({ error: event.output.message || NODE_UPLOAD_TEXTS.uploadFailedResponse })) },
          {
            guard: 'finishedAtOnce',
            target: 'completed',
            actions: assign(({ event }) => ({ processId: event.output.processId, progress: 100, message: event.output.message, summary: event.output.summary!, downloadUrl: event.output.downloadUrl ?? null })),
          },
          { guard: 'failedAtOnce', target: 'error', actions: assign(({ event }) => ({ error: event.output.message || IMPORT_MESSAGES.uploadFailed })) },
          { target: 'processing', actions: assign(({ event }) => ({ processId: event.output.processId, message: event.output.message || NODE_UPLOAD_TEXTS.processingText })) },
        ],
        onError: { target: 'error', actions: assign(({ event }) => ({ error: failureText(event.error, IMPORT_MESSAGES.uploadFailed) })) },
      },
    },
    processing: {
      invoke: { src: 'progress', input: ({ context }) => ({ watch: context.watch, processId: context.processId! }) },
      on: {
        'upload.progress': [
          { guard: 'progressCompleted', target: 'completed', actions: 'complete' },
          { guard: 'progressFailed', target: 'error', actions: 'fail' },
          { actions: 'trackProgress' },
        ],
      },
    },
    completed: {
      on: {
        'upload.reset': { target: 'idle', actions: assign(fresh) },
        'file.select': [{ guard: 'validFile', target: 'idle', actions: 'takeFile' }, { target: 'idle', actions: 'rejectFile' }],
        'dialog.close': { target: 'closed', actions: 'tellClosed' },
      },
    },
    error: {
      on: {
        'file.select': [{ guard: 'validFile', target: 'idle', actions: 'takeFile' }, { target: 'idle', actions: 'rejectFile' }],
        'upload.start': { guard: 'hasFile', target: 'uploading' },
        'upload.reset': { target: 'idle', actions: assign(fresh) },
        'dialog.close': { target: 'closed', actions: 'tellClosed' },
      },
    },
  },
});
