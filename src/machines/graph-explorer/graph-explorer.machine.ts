import type { GraphExplorerContext, GraphExplorerInput } from './graph-explorer.model';
import { edgePopoverState } from './graph-explorer.edge';
import { dataRegion, failedState, loadingState } from './graph-explorer.loading';
import { editingState, nodePopoverState } from './graph-explorer.node';
import { decidingState } from './graph-explorer.proposals';
import { graphExplorerSetup } from './graph-explorer.setup';
import { viewOptionHandlers } from './graph-explorer.view-options';

export * from './graph-explorer.model';

/**
 * The graph explorer (spec §2 "Graph dialog", §4 Graph): loading → ready | failed. Ready has
 * two regions: `data` (idle, or reloading: graph-explorer.loading.ts) and `ui` (idle, node
 * popover and the Edit Knowledge Node dialog: graph-explorer.node.ts; edge popover:
 * graph-explorer.edge.ts; a proposal decided from either: graph-explorer.proposals.ts). Filters, layout, the focused view's direction switches and hub
 * expansion are local (graph-explorer.view-options.ts). Every part shares one setup
 * (graph-explorer.setup.ts); all state lives in the context, so instances share nothing.
 */
const initialContext = (input: GraphExplorerInput): GraphExplorerContext => ({
  ports: input.ports,
  focusNodeId: input.focusNodeId ?? null,
  presetRelationType: input.relationType ?? null,
  readonly: !!input.readonly,
  graph: null,
  proposals: [],
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
  editConflict: null,
  toast: null,
  toastCount: 0,
});

export const graphExplorerMachine = graphExplorerSetup.createMachine({
  id: 'graphExplorer',
  context: ({ input }) => initialContext(input),
  on: viewOptionHandlers,
  initial: 'loading',
  states: {
    loading: loadingState,
    failed: failedState,
    ready: {
      type: 'parallel',
      states: {
        data: dataRegion,
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
            nodePopover: nodePopoverState,
            edgePopover: edgePopoverState,
            editing: editingState,
            deciding: decidingState,
          },
        },
      },
    },
  },
});
