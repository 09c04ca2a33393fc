import { assign } from 'xstate';
import { toggleFilter } from './graph-explorer.model';
import { graphExplorerSetup as s } from './graph-explorer.setup';

/**
 * The view's own settings, answered in every state and never sent to the server: the focus (a
 * new one reloads), the type filters, the focused view's direction switches, hub expansion,
 * the layout and the toast's close.
 */
export const viewOptionHandlers = s.createStateConfig({
  on: {
    'graph.focus': {
      target: '.loading',
      actions: assign(({ event }) => ({
        focusNodeId: event.focusNodeId,
        presetRelationType: event.relationType ?? null,
        filters: { nodeTypes: [], relationTypes: event.relationType ? [event.relationType] : [] },
        hideIncoming: false,
        hideOutgoing: false,
        expanded: {},
        graph: null,
        popover: null,
        editing: null,
      })),
    },
    'filter.nodeType': { actions: assign(({ context, event }) => ({ filters: { ...context.filters, nodeTypes: toggleFilter(context.filters.nodeTypes, event.name) } })) },
    'filter.relationType': { actions: assign(({ context, event }) => ({ filters: { ...context.filters, relationTypes: toggleFilter(context.filters.relationTypes, event.name) } })) },
    'filter.clear': { actions: assign({ filters: { nodeTypes: [], relationTypes: [] } }) },
    'direction.toggle': {
      actions: assign(({ context, event }) => (event.which === 'incoming' ? { hideIncoming: !context.hideIncoming } : { hideOutgoing: !context.hideOutgoing })),
    },
    'hub.expand': { actions: assign(({ context, event }) => ({ expanded: { ...context.expanded, [event.nodeId]: (context.expanded[event.nodeId] ?? 0) + 1 } })) },
    'layout.set': { actions: 'setLayout' },
    'toast.close': { actions: assign({ toast: null }) },
  },
}).on;
