import { assign, not } from 'xstate';
import { graphExplorerSetup as s, loadErrorText } from './graph-explorer.setup';

/**
 * Loading: the first load (loading → ready | failed) and the `data` region of `ready` (idle, or
 * reloading on Refresh / the tab becoming visible; or only the proposals, on a live message). One GET
 * /graph per load, with the open proposals when the user may see them; no reload starts
 * while a change is on its way to the server (`busy`).
 */
export const loadingState = s.createStateConfig({
  entry: 'closeAll',
  invoke: {
    src: 'load',
    input: ({ context }) => ({ ports: context.ports, focus: context.focusNodeId }),
    onDone: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => event.output } },
    onError: { target: 'failed', actions: assign({ error: ({ event }) => loadErrorText(event.error) }) },
  },
});

export const failedState = s.createStateConfig({ on: { 'graph.reload': 'loading' } });

export const dataRegion = s.createStateConfig({
  initial: 'idle',
  states: {
    idle: { on: { 'graph.reload': { guard: not('busy'), target: 'reloading' }, 'proposals.reload': 'proposals' } },
    // A proposal changed elsewhere (live): only the proposals load again, the graph stays as it is.
    proposals: {
      on: { 'graph.reload': { guard: not('busy'), target: 'reloading' } },
      invoke: {
        src: 'loadProposals',
        input: ({ context }) => ({ ports: context.ports }),
        onDone: { target: 'idle', actions: assign({ proposals: ({ event }) => event.output }) },
        onError: 'idle',
      },
    },
    reloading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ ports: context.ports, focus: context.focusNodeId }),
        onDone: { target: 'idle', actions: { type: 'loaded', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => loadErrorText(event.error) }) },
      },
    },
  },
});
