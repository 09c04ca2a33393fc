import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * The node form's attachments (spec §2 "Create and edit node pages", §4 "Node create/edit with
 * attachments"): files are queued while the form is edited, and sent once the node is saved,
 * one call per file (spec §7), one after the other:
 *   idle (queue: add / remove) → uploading (file i of n) → done (final)
 *                                                         → failed → (after `failedDelayMs`) finished (final)
 * A failed file does not stop the others, and does not undo the node. `failed` shows the partial
 * failure for `failedDelayMs` (spec: the redirect happens after 3 s); `upload.retry` sends the
 * failed files again. Stopping the actor (the form is closed or left) aborts the file on its way.
 */
export interface AttachmentUploadInput {
  /** One file's upload; `signal` aborts it when the form goes away. */
  upload: (nodeId: string, file: File, signal: AbortSignal) => Promise<unknown>;
  /** How long `failed` lasts before `finished` (spec: 3 s). */
  failedDelayMs: number;
}

export interface AttachmentUploadContext extends AttachmentUploadInput {
  /** The files chosen and not removed (while idle); the batch being sent after. */
  queue: File[];
  /** Why some chosen files were refused (the form screens them). */
  fileError: string | null;
  nodeId: string | null;
  /** The files this pass sends (the queue, or the failed ones on retry). */
  sending: File[];
  /** How many of `sending` have had their answer. */
  sent: number;
  failed: File[];
}

export type AttachmentUploadEvent =
  | { type: 'files.add'; files: File[]; error: string | null }
  | { type: 'files.remove'; index: number }
  | { type: 'upload.start'; nodeId: string }
  | { type: 'upload.retry' };

export type AttachmentUploadEmitted =
  | { type: 'upload.done' }
  /** Some files failed: `total` is the whole queue (spec: '{n}/{total} attachment(s) failed'). */
  | { type: 'upload.failed'; failed: number; total: number }
  /** The partial failure has been shown long enough. */
  | { type: 'upload.finished' };

type UploadOne = { upload: AttachmentUploadInput['upload']; nodeId: string; file: File };

export const attachmentUploadMachine = setup({
  types: {
    context: {} as AttachmentUploadContext,
    events: {} as AttachmentUploadEvent,
    input: {} as AttachmentUploadInput,
    emitted: {} as AttachmentUploadEmitted,
  },
  actors: {
    uploadFile: fromPromise<unknown, UploadOne>(({ input, signal }) => input.upload(input.nodeId, input.file, signal)),
  },
  guards: {
    moreToSend: ({ context }) => context.sent < context.sending.length,
    someFailed: ({ context }) => context.failed.length > 0,
  },
  delays: {
    failedDelay: ({ context }) => context.failedDelayMs,
  },
}).createMachine({
  id: 'attachmentUpload',
  context: ({ input }) => ({ ...input, queue: [], fileError: null, nodeId: null, sending: [], sent: 0, failed: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'files.add': { actions: assign({ queue: ({ context, event }) => [...context.queue, ...event.files], fileError: ({ event }) => event.error }) },
        'files.remove': { actions: assign({ queue: ({ context, event }) => context.queue.filter((_, i) => i !== event.index) }) },
        'upload.start': {
          target: 'next',
          actions: assign({ nodeId: ({ event }) => event.nodeId, sending: ({ context }) => context.queue, sent: 0, failed: [] }),
        },
      },
    },
    /** Chooses what follows an answer (or the start): the next file, or the outcome. */
    next: {
      always: [{ guard: 'moreToSend', target: 'uploading' }, { guard: 'someFailed', target: 'failed' }, { target: 'done' }],
    },
    uploading: {
      invoke: {
        src: 'uploadFile',
        input: ({ context }) => ({ upload: context.upload, nodeId: context.nodeId!, file: context.sending[context.sent] }),
        onDone: { target: 'next', actions: assign({ sent: ({ context }) => context.sent + 1 }) },
        onError: {
          target: 'next',
          actions: assign({ failed: ({ context }) => [...context.failed, context.sending[context.sent]], sent: ({ context }) => context.sent + 1 }),
        },
      },
    },
    failed: {
      entry: emit(({ context }) => ({ type: 'upload.failed' as const, failed: context.failed.length, total: context.queue.length })),
      after: { failedDelay: 'finished' },
      on: {
        'upload.retry': { target: 'next', actions: assign({ sending: ({ context }) => context.failed, sent: 0, failed: [] }) },
      },
    },
    done: { type: 'final', entry: emit({ type: 'upload.done' as const }) },
    finished: { type: 'final', entry: emit({ type: 'upload.finished' as const }) },
  },
});

/** 'i of n' files answered in the pass under way (the form shows it while uploading). */
export function uploadProgress(context: Pick<AttachmentUploadContext, 'sending' | 'sent'>): { done: number; total: number } {
  return { done: context.sent, total: context.sending.length };
}
