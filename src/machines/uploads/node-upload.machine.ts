import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { IMPORT_MESSAGES } from '../../contract/texts/imports';
import { NODE_UPLOAD_TEXTS, type UploadTexts } from '../../contract/texts/imports';
import type { NodeUploadResponse, UploadSummary } from '../../contract/knowledge/imports';
import { LIMITS } from '../../contract/limits';
import type { NodeUploadProgress } from '../../api/live/socket';
import { failureText } from '../error-text';
import { jobMessage } from './job-message';
import { clampProgress, hasExtension } from './upload-file';

/**
 * Bulk node upload (spec §4): closed → idle → uploading → processing → completed | error.
 * Choosing a valid file returns to idle; closing is refused while uploading or processing;
 * the answer may complete the upload at once (it carries the summary), otherwise progress
 * events (a socket watcher) move it on, and one with status error ends it with its message.
 * On close after a completion that created nodes, `upload.closed` says refresh: true.
 *
 * "Check file": `check.start` runs the same uploading → processing with
 * `dryRun` (the server writes nothing) and ends in `checked` with what an upload would do;
 * from there `upload.start` sends the same file for real, without picking it again.
 * The relation import runs on the same machine with its own upload call and texts.
 */
export interface NodeUploadInput {
  upload: (file: File, options?: { dryRun?: boolean }) => Promise<NodeUploadResponse>;
  /** Starts listening for the job's progress; returns the function that stops. */
  watch: (processId: string, onEvent: (event: NodeUploadProgress) => void) => () => void;
  /** The dialog's texts; the node upload's when absent. */
  texts?: UploadTexts;
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
  /** The run under way or shown is a check of the file (nothing written). */
  dryRun: boolean;
}

export type NodeUploadEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'file.select'; file: File | null }
  | { type: 'upload.start' }
  | { type: 'check.start' }
  | { type: 'upload.reset' }
  | { type: 'upload.progress'; event: NodeUploadProgress };

export type NodeUploadEmitted = { type: 'upload.closed'; refresh: boolean };

const textsOf = (c: NodeUploadInput): UploadTexts => c.texts ?? NODE_UPLOAD_TEXTS;

const fresh = { file: null, fileError: null, progress: 0, message: '', processId: null, summary: null, downloadUrl: null, error: null, dryRun: false };
/** What a new run (upload or check) of the chosen file starts from. */
const newRun = { processId: null, summary: null, downloadUrl: null };

export const nodeUploadMachine = setup({
  types: {
    context: {} as NodeUploadContext,
    events: {} as NodeUploadEvent,
    input: {} as NodeUploadInput,
    emitted: {} as NodeUploadEmitted,
  },
  actors: {
    upload: fromPromise<NodeUploadResponse, { upload: NodeUploadInput['upload']; file: File; dryRun: boolean }>(({ input }) =>
      input.dryRun ? input.upload(input.file, { dryRun: true }) : input.upload(input.file),
    ),
    progress: fromCallback<NodeUploadEvent, { watch: NodeUploadInput['watch']; processId: string }>(({ input, sendBack }) =>
      input.watch(input.processId, (event) => sendBack({ type: 'upload.progress', event })),
    ),
  },
  guards: {
    validFile: ({ event }) => event.type === 'file.select' && !!event.file && hasExtension(event.file.name, LIMITS.bulkUploadExtensions),
    hasFile: ({ context }) => !!context.file,
    checking: ({ context }) => context.dryRun,
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
    startUpload: assign({ ...newRun, dryRun: false }),
    startCheck: assign({ ...newRun, dryRun: true }),
    trackProgress: assign(({ context, event }) =>
      event.type === 'upload.progress'
        ? { progress: Math.max(context.progress, clampProgress(event.event.progress, context.progress)), message: jobMessage(event.event, context.message) }
        : {},
    ),
    complete: assign(({ event }) => {
      if (event.type !== 'upload.progress') return {};
      return { progress: 100, message: event.event.message, summary: event.event.summary ?? null, downloadUrl: event.event.downloadUrl ?? null };
    }),
    fail: assign(({ event }) => ({ error: event.type === 'upload.progress' ? jobMessage(event.event, IMPORT_MESSAGES.uploadFailed) : IMPORT_MESSAGES.uploadFailed })),
    tellClosed: emit(({ context }) => ({ type: 'upload.closed' as const, refresh: !context.dryRun && (context.summary?.created ?? 0) > 0 })),
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
        'upload.start': [{ guard: 'hasFile', target: 'uploading', actions: 'startUpload' }, { actions: 'noFile' }],
        'check.start': [{ guard: 'hasFile', target: 'uploading', actions: 'startCheck' }, { actions: 'noFile' }],
        'dialog.close': { target: 'closed', actions: 'tellClosed' },
      },
    },
    uploading: {
      entry: assign(({ context }) => ({ progress: 5, message: context.dryRun ? textsOf(context).checkingText : textsOf(context).uploadingText, error: null, fileError: null })),
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ upload: context.upload, file: context.file!, dryRun: context.dryRun }),
        onDone: [
          { guard: 'refused', target: 'error', actions: assign(({ context, event }) => ({ error: jobMessage(event.output, textsOf(context).uploadFailedResponse) })) },
          {
            guard: 'finishedAtOnce',
            target: 'finished',
            actions: assign(({ event }) => ({ processId: event.output.processId, progress: 100, message: event.output.message, summary: event.output.summary!, downloadUrl: event.output.downloadUrl ?? null })),
          },
          { guard: 'failedAtOnce', target: 'error', actions: assign(({ event }) => ({ error: jobMessage(event.output, IMPORT_MESSAGES.uploadFailed) })) },
          { target: 'processing', actions: assign(({ context, event }) => ({ processId: event.output.processId, message: jobMessage(event.output, textsOf(context).processingText) })) },
        ],
        onError: { target: 'error', actions: assign(({ event }) => ({ error: failureText(event.error, IMPORT_MESSAGES.uploadFailed) })) },
      },
    },
    processing: {
      invoke: { src: 'progress', input: ({ context }) => ({ watch: context.watch, processId: context.processId! }) },
      on: {
        'upload.progress': [
          { guard: 'progressCompleted', target: 'finished', actions: 'complete' },
          { guard: 'progressFailed', target: 'error', actions: 'fail' },
          { actions: 'trackProgress' },
        ],
      },
    },
    /** A run ended well: a check shows what an upload would do, an upload what it did. */
    finished: {
      always: [{ guard: 'checking', target: 'checked' }, { target: 'completed' }],
    },
    checked: {
      on: {
        'upload.start': { target: 'uploading', actions: 'startUpload' },
        'check.start': { target: 'uploading', actions: 'startCheck' },
        'upload.reset': { target: 'idle', actions: assign(fresh) },
        'file.select': [{ guard: 'validFile', target: 'idle', actions: 'takeFile' }, { target: 'idle', actions: 'rejectFile' }],
        'dialog.close': { target: 'closed', actions: 'tellClosed' },
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
        'upload.start': { guard: 'hasFile', target: 'uploading', actions: 'startUpload' },
        'check.start': { guard: 'hasFile', target: 'uploading', actions: 'startCheck' },
        'upload.reset': { target: 'idle', actions: assign(fresh) },
        'dialog.close': { target: 'closed', actions: 'tellClosed' },
      },
    },
  },
});
