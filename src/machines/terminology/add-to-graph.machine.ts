import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import type { AddToGraphInput, AddToGraphSummary, TerminologyJob } from '../../contract/knowledge/terminology';
import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import { failureText } from '../error-text';

/**
 * "Add to the graph" for one code system: closed → choosing (node type and relation type) →
 * starting (POST …/graph) → running (the job followed until it ends) → done with its summary, or
 * back to choosing with the error. The job runs on the server whatever the page does; closing the
 * dialog while it runs only stops following it.
 */
export interface AddToGraphMachineInput {
  start: (codeSystemId: string, input: AddToGraphInput) => Promise<{ processId: string }>;
  job: (processId: string, signal: AbortSignal) => Promise<TerminologyJob>;
  /** How long to wait between two looks at a running job. */
  pollMs?: number;
}
export interface AddToGraphContext extends AddToGraphMachineInput {
  codeSystem: { id: string; name: string } | null;
  nodeTypeId: string;
  relationTypeId: string;
  processId: string | null;
  progress: number;
  summary: AddToGraphSummary | null;
  error: string | null;
}
export type AddToGraphEvent =
  | { type: 'open'; codeSystem: { id: string; name: string } }
  | { type: 'close' }
  | { type: 'choose'; nodeTypeId?: string; relationTypeId?: string }
  | { type: 'start' }
  | { type: 'job.update'; job: TerminologyJob }
  | { type: 'job.lost'; error: unknown };

const fresh = { codeSystem: null, nodeTypeId: '', relationTypeId: '', processId: null, progress: 0, summary: null, error: null };

export const addToGraphMachine = setup({
  types: { context: {} as AddToGraphContext, events: {} as AddToGraphEvent, input: {} as AddToGraphMachineInput, emitted: {} as { type: 'graph.done'; summary: AddToGraphSummary } },
  actors: {
    start: fromPromise<{ processId: string }, { start: AddToGraphMachineInput['start']; id: string; input: AddToGraphInput }>(({ input }) => input.start(input.id, input.input)),
    follow: fromCallback<AddToGraphEvent, { job: AddToGraphMachineInput['job']; processId: string; pollMs: number }>(({ input, sendBack }) => {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const look = () => {
        input
          .job(input.processId, controller.signal)
          .then((job) => {
            if (controller.signal.aborted) return;
            sendBack({ type: 'job.update', job });
            if (job.status !== 'completed' && job.status !== 'error') timer = setTimeout(look, input.pollMs);
          })
          .catch((error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'job.lost', error });
          });
      };
      look();
      return () => {
        controller.abort();
        clearTimeout(timer);
      };
    }),
  },
  guards: {
    chosen: ({ context }) => context.nodeTypeId !== '' && context.relationTypeId !== '',
    completed: ({ event }) => event.type === 'job.update' && event.job.status === 'completed',
    failed: ({ event }) => event.type === 'job.update' && event.job.status === 'error',
  },
}).createMachine({
  id: 'addToGraph',
  context: ({ input }) => ({ ...input, ...fresh }),
  initial: 'closed',
  on: { close: { target: '.closed' } },
  states: {
    closed: {
      entry: assign(fresh),
      on: { open: { target: 'choosing', actions: assign(({ event }) => ({ codeSystem: event.codeSystem })) } },
    },
    choosing: {
      on: {
        choose: { actions: assign(({ context, event }) => ({ nodeTypeId: event.nodeTypeId ?? context.nodeTypeId, relationTypeId: event.relationTypeId ?? context.relationTypeId })) },
        start: { guard: 'chosen', target: 'starting' },
      },
    },
    starting: {
      entry: assign({ error: null, progress: 0, summary: null }),
      invoke: {
        src: 'start',
        input: ({ context }) => ({ start: context.start, id: context.codeSystem!.id, input: { nodeTypeId: context.nodeTypeId, relationTypeId: context.relationTypeId } }),
        onDone: { target: 'running', actions: assign(({ event }) => ({ processId: event.output.processId })) },
        onError: { target: 'choosing', actions: assign(({ event }) => ({ error: failureText(event.error, T.addFailed) })) },
      },
    },
    running: {
      invoke: { src: 'follow', input: ({ context }) => ({ job: context.job, processId: context.processId!, pollMs: context.pollMs ?? 500 }) },
      on: {
        'job.update': [
          {
            guard: 'completed',
            target: 'done',
            actions: [
              assign(({ event }) => ({ progress: 100, summary: event.type === 'job.update' ? event.job.summary : null })),
              emit(({ event }) => ({ type: 'graph.done' as const, summary: (event as { job: TerminologyJob }).job.summary! })),
            ],
          },
          { guard: 'failed', target: 'choosing', actions: assign({ error: T.addFailed }) },
          { actions: assign(({ context, event }) => ({ progress: event.type === 'job.update' ? Math.max(context.progress, event.job.progress) : context.progress })) },
        ],
        'job.lost': { target: 'choosing', actions: assign(({ event }) => ({ error: failureText(event.error, T.addFailed) })) },
      },
    },
    done: {},
  },
});
