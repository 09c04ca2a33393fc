import { assign, not } from 'xstate';
import { graphExplorerSetup as s, loadErrorText } from './graph-explorer.setup';

/**
 * Loading: the first load (loading → ready | failed) and the `data` region of `ready` (idle, or
 * reloading on Refresh / the tab becoming visible). One GET /graph per load; no reload starts
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
    idle: { on: { 'graph.reload': { guard: not('busy'), target: 'reloading' } } },
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
