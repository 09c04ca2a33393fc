import { assign, emit, fromPromise, setup } from 'xstate';
import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import type { FhirBundleResponse } from '../../api/admin/terminology';
import { failureText } from '../error-text';
import { UploadProblem, bundleOf, readFileText, refusedReport, reportOf, type UploadReport } from './fhir-upload';

/**
 * The Terminology page's upload: idle → uploading (read the file, send the Bundle) → done (a row per
 * resource) or idle with the problem. A transaction the server refuses (400/412 with an
 * OperationOutcome) is a report too, with nothing stored, so the refused element is shown beside its
 * resource. `upload.done` tells the screen to reload its list.
 */
export interface TerminologyUploadInput {
  postBundle: (bundle: Record<string, unknown>) => Promise<FhirBundleResponse>;
}
export interface TerminologyUploadContext extends TerminologyUploadInput {
  file: File | null;
  report: UploadReport | null;
  error: string | null;
}
export type TerminologyUploadEvent = { type: 'file.select'; file: File | null } | { type: 'reset' };

/** Sends a file; a 4xx refusal of a transaction becomes its report. */
export async function uploadFile(file: File, postBundle: TerminologyUploadInput['postBundle']): Promise<UploadReport> {
  const { bundle, kind, entries } = bundleOf(await readFileText(file));
  try {
    return reportOf(kind, entries, await postBundle(bundle));
  } catch (err) {
    const e = err as { status?: number; message?: string; details?: string[] };
    if (kind === 'transaction' && typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 403) {
      return refusedReport(entries, e.message ?? T.uploadFailed, e.details?.[0]);
    }
    throw err;
  }
}

export const terminologyUploadMachine = setup({
  types: {
    context: {} as TerminologyUploadContext,
    events: {} as TerminologyUploadEvent,
    input: {} as TerminologyUploadInput,
    emitted: {} as { type: 'upload.done'; report: UploadReport },
  },
  actors: {
    upload: fromPromise<UploadReport, { file: File; postBundle: TerminologyUploadInput['postBundle'] }>(({ input }) => uploadFile(input.file, input.postBundle)),
  },
  guards: {
    hasFile: ({ event }) => event.type === 'file.select' && !!event.file,
  },
}).createMachine({
  id: 'terminologyUpload',
  context: ({ input }) => ({ ...input, file: null, report: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'file.select': { guard: 'hasFile', target: 'uploading', actions: assign(({ event }) => ({ file: event.type === 'file.select' ? event.file : null, error: null, report: null })) },
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ file: context.file!, postBundle: context.postBundle }),
        onDone: { target: 'done', actions: [assign(({ event }) => ({ report: event.output })), emit(({ event }) => ({ type: 'upload.done' as const, report: event.output }))] },
        onError: { target: 'idle', actions: assign(({ event }) => ({ error: event.error instanceof UploadProblem ? event.error.message : failureText(event.error, T.uploadFailed) })) },
      },
    },
    done: {
      on: {
        'file.select': { guard: 'hasFile', target: 'uploading', actions: assign(({ event }) => ({ file: event.type === 'file.select' ? event.file : null, error: null, report: null })) },
        reset: { target: 'idle', actions: assign({ file: null, report: null, error: null }) },
      },
    },
  },
});
