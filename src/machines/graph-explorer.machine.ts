import { assign, emit, fromPromise, not, or, setup, stateIn } from 'xstate';
import { GRAPH_MESSAGES } from '../contract/texts/graph';
import type { Graph } from '../contract/graph';
import type { TypeRules } from '../contract/relation-type-rules';
import { failureText } from './error-text';
import {
  findNode,
  findRelation,
  toggleFilter,
  withNodeValues,
  withoutNode,
  withoutRelation,
  withRelationType,
  type GraphExplorerContext,
  type GraphExplorerEmitted,
  type GraphExplorerEvent,
  type GraphExplorerInput,
  type GraphExplorerPorts,
  type NodeEditValues,
} from './graph-explorer.model';

export * from './graph-explorer.model';

/**
 * The graph explorer (spec §2 "Graph dialog", §4 Graph): loading → ready | failed. Ready has
 * two regions: `data` (idle, or reloading on Refresh / the tab becoming visible: one GET
 * /graph per load) and `ui` (idle, node popover, edge popover, the Edit Knowledge Node
 * dialog). Deleting, saving a relation type and saving a node are tagged `busy`: the dialog's
 * buttons are disabled, nothing closes and no reload starts until they end. Filters, layout,
 * the focused view's direction switches and hub expansion are local (no server call).
 */
type Loaded = { graph: Graph; nodeTypes: string[]; relationTypes: string[]; nodeTypeColors?: Record<string, string>; relationTypeRules?: TypeRules };
const message = (err: unknown) => (err instanceof Error && err.message ? err.message : GRAPH_MESSAGES.unknownError);
let toastIds = 0;
const toast = (text: string, severity: 'success' | 'error' = 'success') => ({ toast: { id: ++toastIds, message: text, severity } });

export const graphExplorerMachine = setup({
  types: { context: {} as GraphExplorerContext, events: {} as GraphExplorerEvent, input: {} as GraphExplorerInput, emitted: {} as GraphExplorerEmitted },
  actors: {
    load: fromPromise<Loaded, { ports: GraphExplorerPorts; focus: string | null }>(async ({ input }) => {
      const [graph, types] = await Promise.all([input.ports.loadGraph(input.focus), input.ports.loadTypes().catch(() => ({ nodeTypes: [], relationTypes: [] }))]);
      return { graph, ...types };
    }),
    deleteNode: fromPromise<void, { ports: GraphExplorerPorts; id: string }>(async ({ input }) => void (await input.ports.deleteNode(input.id))),
    deleteRelation: fromPromise<void, { ports: GraphExplorerPorts; id: string }>(async ({ input }) => void (await input.ports.deleteRelation(input.id))),
    changeRelationType: fromPromise<void, { ports: GraphExplorerPorts; id: string; relationType: string }>(
      async ({ input }) => void (await input.ports.changeRelationType(input.id, input.relationType)),
    ),
    updateNode: fromPromise<NodeEditValues, { ports: GraphExplorerPorts; id: string; values: NodeEditValues }>(async ({ input }) => {
      await input.ports.updateNode(input.id, input.values);
      return input.values;
    }),
  },
  guards: {
    writable: ({ context }) => !context.readonly,
    busy: or([stateIn('#ge-node-deleting'), stateIn('#ge-edge-deleting'), stateIn('#ge-edge-saving'), stateIn('#ge-edit-saving')]),
    typeChosen: ({ context }) => context.chosenType !== '',
    nodeExists: ({ context, event }) => event.type === 'node.open' && !!findNode(context, event.nodeId),
    editableNode: ({ context, event }) => !context.readonly && event.type === 'node.edit' && !!findNode(context, event.nodeId),
    edgeExists: ({ context, event }) => event.type === 'edge.open' && !!findRelation(context, event.relationId),
    blankForm: ({ event }) => event.type === 'node.edit.save' && (!event.values.name.trim() || !event.values.nodeType.trim()),
  },
  actions: {
    loaded: assign(({ context }, out: Loaded) => ({ ...out, nodeTypeColors: out.nodeTypeColors ?? {}, relationTypeRules: out.relationTypeRules ?? new Map(), loadCount: context.loadCount + 1, error: null })),
    openNode: assign(({ event }) => (event.type === 'node.open' ? { popover: { kind: 'node' as const, id: event.nodeId, anchor: event.anchor } } : {})),
    openEdge: assign(({ event }) => (event.type === 'edge.open' ? { popover: { kind: 'edge' as const, id: event.relationId, anchor: event.anchor }, chosenType: '' } : {})),
    closeAll: assign({ popover: null, editing: null, chosenType: '', formError: null }),
    setLayout: assign(({ event }) => (event.type === 'layout.set' ? { layout: event.layout } : {})),
  },
}).createMachine({
  id: 'graphExplorer',
  context: ({ input }) => ({
    ports: input.ports,
    focusNodeId: input.focusNodeId ?? null,
    presetRelationType: input.relationType ?? null,
    readonly: !!input.readonly,
    graph: null,
    loadCount: 0,
    nodeTypes: [],
    relationTypes: [],
    nodeTypeColors: {},
    relationTypeRules: new Map(),
    error: null,
    filters: { nodeTypes: [], relationTypes: input.relationType ? [input.relationType] : [] },
    hideIncoming: false,
    hideOutgoing: false,
    expanded: {},
    layout: input.layout ?? 'force',
    popover: null,
    editing: null,
    chosenType: '',
    formError: null,
    toast: null,
  }),
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
  initial: 'loading',
  states: {
    loading: {
      entry: 'closeAll',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ ports: context.ports, focus: context.focusNodeId }),
        onDone: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => GRAPH_MESSAGES.loadFailed(message(event.error)) }) },
      },
    },
    failed: { on: { 'graph.reload': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        data: {
          initial: 'idle',
          states: {
            idle: { on: { 'graph.reload': { guard: not('busy'), target: 'reloading' } } },
            reloading: {
              invoke: {
                src: 'load',
                input: ({ context }) => ({ ports: context.ports, focus: context.focusNodeId }),
                onDone: { target: 'idle', actions: { type: 'loaded', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: assign({ error: ({ event }) => GRAPH_MESSAGES.loadFailed(message(event.error)) }) },
              },
            },
          },
        },
        ui: {
          initial: 'idle',
          states: {
            idle: {
              entry: 'closeAll',
              on: {
                'node.open': { guard: 'nodeExists', target: 'nodePopover' },
                'edge.open': { guard: 'edgeExists', target: 'edgePopover' },
                'node.edit': { guard: 'editableNode', target: 'editing' },
              },
            },
            nodePopover: {
              entry: 'openNode',
              initial: 'viewing',
              states: {
                viewing: {
                  on: {
                    'popover.close': '#graphExplorer.ready.ui.idle',
                    'node.open': { guard: 'nodeExists', target: '#graphExplorer.ready.ui.nodePopover', reenter: true },
                    'edge.open': { guard: 'edgeExists', target: '#graphExplorer.ready.ui.edgePopover' },
                    'node.edit': { guard: 'editableNode', target: '#graphExplorer.ready.ui.editing' },
                    'node.delete': { guard: 'writable', target: 'confirming' },
                    'layout.set': { target: '#graphExplorer.ready.ui.idle', actions: 'setLayout' },
                  },
                },
                confirming: { on: { 'confirm.cancel': 'viewing', 'popover.close': '#graphExplorer.ready.ui.idle', 'confirm.ok': 'deleting' } },
                deleting: {
                  id: 'ge-node-deleting',
                  tags: 'busy',
                  invoke: {
                    src: 'deleteNode',
                    input: ({ context }) => ({ ports: context.ports, id: context.popover!.id }),
                    onDone: {
                      target: '#graphExplorer.ready.ui.idle',
                      actions: [
                        emit(({ context }) => ({ type: 'node.deleted' as const, nodeId: context.popover!.id })),
                        assign(({ context }) => ({ graph: withoutNode(context.graph!, context.popover!.id), ...toast(GRAPH_MESSAGES.nodeDeleted) })),
                      ],
                    },
                    onError: { target: 'viewing', actions: assign(() => toast(GRAPH_MESSAGES.nodeDeleteFailed, 'error')) },
                  },
                },
              },
            },
            edgePopover: {
              entry: 'openEdge',
              initial: 'viewing',
              states: {
                viewing: {
                  on: {
                    'popover.close': '#graphExplorer.ready.ui.idle',
                    'edge.open': { guard: 'edgeExists', target: '#graphExplorer.ready.ui.edgePopover', reenter: true },
                    'node.open': { guard: 'nodeExists', target: '#graphExplorer.ready.ui.nodePopover' },
                    'node.edit': { guard: 'editableNode', target: '#graphExplorer.ready.ui.editing' },
                    'relation.type.edit': { guard: 'writable', target: 'typeForm', actions: assign({ chosenType: '', formError: null }) },
                    'relation.delete': { guard: 'writable', target: 'confirming' },
                    'layout.set': { target: '#graphExplorer.ready.ui.idle', actions: 'setLayout' },
                  },
                },
                typeForm: {
                  on: {
                    // A new choice clears the server's refusal of the last one.
                    'relation.type.choose': { actions: assign(({ event }) => ({ chosenType: event.relationType, formError: null })) },
                    'relation.type.save': { guard: 'typeChosen', target: 'saving' },
                    'confirm.cancel': { target: 'viewing', actions: assign({ formError: null }) },
                    'popover.close': '#graphExplorer.ready.ui.idle',
                  },
                },
                saving: {
                  id: 'ge-edge-saving',
                  tags: 'busy',
                  invoke: {
                    src: 'changeRelationType',
                    input: ({ context }) => ({ ports: context.ports, id: context.popover!.id, relationType: context.chosenType }),
                    onDone: {
                      target: 'viewing',
                      actions: [
                        emit(({ context }) => ({ type: 'relation.changed' as const, relationId: context.popover!.id, change: 'updated' as const, relationType: context.chosenType })),
                        assign(({ context }) => ({ graph: withRelationType(context.graph!, context.popover!.id, context.chosenType), ...toast(GRAPH_MESSAGES.relationTypeUpdated) })),
                      ],
                    },
                    // The server's reason (a rule's 400, a duplicate's 409: data changed since the list was made) stays in the form.
                    onError: {
                      target: 'typeForm',
                      actions: assign(({ event }) => ({ formError: failureText(event.error, GRAPH_MESSAGES.relationTypeUpdateFailed), ...toast(GRAPH_MESSAGES.relationTypeUpdateFailed, 'error') })),
                    },
                  },
                },
                confirming: { on: { 'confirm.cancel': 'viewing', 'popover.close': '#graphExplorer.ready.ui.idle', 'confirm.ok': 'deleting' } },
                deleting: {
                  id: 'ge-edge-deleting',
                  tags: 'busy',
                  invoke: {
                    src: 'deleteRelation',
                    input: ({ context }) => ({ ports: context.ports, id: context.popover!.id }),
                    onDone: {
                      target: '#graphExplorer.ready.ui.idle',
                      actions: [
                        emit(({ context }) => ({ type: 'relation.changed' as const, relationId: context.popover!.id, change: 'deleted' as const })),
                        assign(({ context }) => ({ graph: withoutRelation(context.graph!, context.popover!.id), ...toast(GRAPH_MESSAGES.relationDeleted) })),
                      ],
                    },
                    onError: { target: 'viewing', actions: assign(() => toast(GRAPH_MESSAGES.relationDeleteFailed, 'error')) },
                  },
                },
              },
            },
            editing: {
              entry: assign(({ context, event }) => ({ popover: null, formError: null, editing: event.type === 'node.edit' ? findNode(context, event.nodeId) : null })),
              initial: 'form',
              states: {
                form: {
                  on: {
                    'node.edit.cancel': '#graphExplorer.ready.ui.idle',
                    'node.edit.save': [
                      { guard: 'blankForm', actions: assign({ formError: 'Name and node type are required' }) },
                      { target: 'saving' },
                    ],
                  },
                },
                saving: {
                  id: 'ge-edit-saving',
                  tags: 'busy',
                  entry: assign({ formError: null }),
                  invoke: {
                    src: 'updateNode',
                    input: ({ context, event }) => ({ ports: context.ports, id: context.editing!.id, values: (event as Extract<GraphExplorerEvent, { type: 'node.edit.save' }>).values }),
                    onDone: {
                      target: '#graphExplorer.ready.ui.idle',
                      actions: [
                        emit(({ context }) => ({ type: 'node.updated' as const, nodeId: context.editing!.id })),
                        assign(({ context, event }) => ({ graph: withNodeValues(context.graph!, context.editing!.id, event.output), ...toast(GRAPH_MESSAGES.nodeUpdated) })),
                      ],
                    },
                    onError: { target: 'form', actions: assign(({ event }) => ({ formError: failureText(event.error, GRAPH_MESSAGES.nodeUpdateFailed), ...toast(GRAPH_MESSAGES.nodeUpdateFailed, 'error') })) },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
