import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { IMPORT_MESSAGES, SNOMED_IMPORT_EXTENSIONS } from '../../contract/texts/imports';
import { SNOMED_TEXTS } from '../../contract/texts/snomed';
import type { SnomedImportResult, SnomedProgressEvent } from '../../contract/knowledge/imports';
import { failureText } from '../error-text';
import { jobMessage } from './job-message';
import { clampProgress, hasExtension } from './upload-file';

/**
 * SNOMED import (spec §4): closed → idle → uploading (live progress 0-100 from
 * snomed-upload-progress events) → summary → closed. A failure returns to idle with the error
 * and the dialog stays open; it cannot be closed while uploading. `import.done` carries the
 * result (the screen reloads, and shows the success toast only when there were no errors).
 *
 * "Check file": `check.start` runs the same upload with `dryRun` (the server
 * writes nothing) and ends in `checked` — the dialog stays open with what an import would do —
 * from where `import.start` sends the same file for real. A check emits no `import.done`.
 */
export interface SnomedImportInput {
  /** POST /snomed/import: resolves with the result when the import is over. */
  importFile: (file: File, options?: { dryRun?: boolean }) => Promise<SnomedImportResult>;
  /** Starts listening for progress events; returns the function that stops. */
  watch: (onEvent: (event: SnomedProgressEvent) => void) => () => void;
}

export interface SnomedImportContext extends SnomedImportInput {
  file: File | null;
  fileError: string | null;
  progress: number;
  message: string;
  /** The import being followed: the first event's processId (others belong to other imports). */
  processId: string | null;
  result: SnomedImportResult | null;
  error: string | null;
  /** The run under way or shown is a check of the file (nothing written). */
  dryRun: boolean;
}

export type SnomedImportEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'file.select'; file: File | null }
  | { type: 'import.start' }
  | { type: 'check.start' }
  | { type: 'import.progress'; event: SnomedProgressEvent };

export type SnomedImportEmitted = { type: 'import.done'; result: SnomedImportResult };

const fresh = { file: null, fileError: null, progress: 0, message: '', processId: null, result: null, error: null, dryRun: false };

export const snomedImportMachine = setup({
  types: {
    context: {} as SnomedImportContext,
    events: {} as SnomedImportEvent,
    input: {} as SnomedImportInput,
    emitted: {} as SnomedImportEmitted,
  },
  actors: {
    importFile: fromPromise<SnomedImportResult, { importFile: SnomedImportInput['importFile']; file: File; dryRun: boolean }>(({ input }) =>
      input.dryRun ? input.importFile(input.file, { dryRun: true }) : input.importFile(input.file),
    ),
    progress: fromCallback<SnomedImportEvent, { watch: SnomedImportInput['watch'] }>(({ input, sendBack }) =>
      input.watch((event) => sendBack({ type: 'import.progress', event })),
    ),
  },
  guards: {
    validFile: ({ event }) => event.type === 'file.select' && !!event.file && hasExtension(event.file.name, SNOMED_IMPORT_EXTENSIONS),
    hasFile: ({ context }) => !!context.file,
    checking: ({ context }) => context.dryRun,
    ours: ({ context, event }) => event.type === 'import.progress' && (!context.processId || !event.event.processId || event.event.processId === context.processId),
  },
  actions: {
    takeFile: assign(({ event }) => (event.type === 'file.select' ? { ...fresh, file: event.file } : {})),
    rejectFile: assign({ ...fresh, fileError: IMPORT_MESSAGES.snomedFileType }),
    startImport: assign({ dryRun: false, result: null }),
    startCheck: assign({ dryRun: true, result: null }),
    trackProgress: assign(({ context, event }) => {
      if (event.type !== 'import.progress') return {};
      const e = event.event;
      return {
        processId: context.processId ?? e.processId ?? null,
        progress: Math.max(context.progress, clampProgress(e.progress, context.progress)),
        message: jobMessage(e, SNOMED_TEXTS.processing),
      };
    }),
  },
}).createMachine({
  id: 'snomedImport',
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
        'import.start': { guard: 'hasFile', target: 'uploading', actions: 'startImport' },
        'check.start': { guard: 'hasFile', target: 'uploading', actions: 'startCheck' },
        'dialog.close': 'closed',
      },
    },
    uploading: {
      entry: assign({ progress: 0, message: SNOMED_TEXTS.startingUpload, processId: null, error: null }),
      invoke: [
        { src: 'progress', input: ({ context }) => ({ watch: context.watch }) },
        {
          src: 'importFile',
          input: ({ context }) => ({ importFile: context.importFile, file: context.file!, dryRun: context.dryRun }),
          onDone: [
            { guard: 'checking', target: 'checked', actions: assign(({ event }) => ({ result: event.output, progress: 100 })) },
            {
              target: 'summary',
              actions: [assign(({ event }) => ({ result: event.output, progress: 100 })), emit(({ event }) => ({ type: 'import.done' as const, result: event.output }))],
            },
          ],
          onError: { target: 'idle', actions: assign(({ event }) => ({ error: failureText(event.error, IMPORT_MESSAGES.snomedImportFailed) })) },
        },
      ],
      on: {
        'import.progress': { guard: 'ours', actions: 'trackProgress' },
      },
    },
    checked: {
      on: {
        'import.start': { target: 'uploading', actions: 'startImport' },
        'check.start': { target: 'uploading', actions: 'startCheck' },
        'file.select': [{ guard: 'validFile', target: 'idle', actions: 'takeFile' }, { target: 'idle', actions: 'rejectFile' }],
        'dialog.close': 'closed',
      },
    },
    summary: {
      on: { 'dialog.close': 'closed' },
    },
  },
});
