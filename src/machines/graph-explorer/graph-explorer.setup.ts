import { assign, fromPromise, or, setup, stateIn } from 'xstate';
import { GRAPH_MESSAGES, GRAPH_PROPOSAL_TEXTS } from '../../contract/texts/graph';
import type { Graph } from '../../contract/knowledge/graph';
import type { TypeRules } from '../../contract/knowledge/relation-type-rules';
import type { Proposal } from '../../contract/knowledge/review';
import {
  findNode,
  findShownNode,
  findShownRelation,
  versionOf,
  type GraphExplorerContext,
  type GraphExplorerEmitted,
  type GraphExplorerEvent,
  type GraphExplorerInput,
  type GraphExplorerPorts,
  type NodeEditValues,
  type ProposalDecision,
} from './graph-explorer.model';

/**
 * What every part of the graph explorer machine shares (graph-explorer.machine.ts composes
 * them): the types, the server calls, the guards and the few actions more than one part uses.
 * Each part builds its states with `graphExplorerSetup.createStateConfig`, so they are typed as
 * if written inside the one machine.
 */
export type Loaded = { graph: Graph; proposals: Proposal[]; nodeTypes: string[]; relationTypes: string[]; nodeTypeColors?: Record<string, string>; relationTypeRules?: TypeRules };

export const loadErrorText = (err: unknown) => GRAPH_MESSAGES.loadFailed(err instanceof Error && err.message ? err.message : GRAPH_MESSAGES.unknownError);

/**
 * The next toast. Its id counts in the machine's own context: two explorers on one page each
 * number their toasts (a counter outside the machine would be shared by every instance).
 */
export const nextToast = (context: Pick<GraphExplorerContext, 'toastCount'>, message: string, severity: 'success' | 'error' = 'success') => ({
  toastCount: context.toastCount + 1,
  toast: { id: context.toastCount + 1, message, severity },
});

/** The open proposals to draw; none without the port, or when they cannot be read (the graph still shows). */
const loadProposals = (ports: GraphExplorerPorts): Promise<Proposal[]> => (ports.loadProposals ? ports.loadProposals().catch(() => []) : Promise.resolve([]));

export const graphExplorerSetup = setup({
  types: { context: {} as GraphExplorerContext, events: {} as GraphExplorerEvent, input: {} as GraphExplorerInput, emitted: {} as GraphExplorerEmitted },
  actors: {
    load: fromPromise<Loaded, { ports: GraphExplorerPorts; focus: string | null }>(async ({ input }) => {
      const [graph, types, proposals] = await Promise.all([
        input.ports.loadGraph(input.focus),
        input.ports.loadTypes().catch(() => ({ nodeTypes: [], relationTypes: [] })),
        loadProposals(input.ports),
      ]);
      return { graph, proposals, ...types };
    }),
    loadProposals: fromPromise<Proposal[], { ports: GraphExplorerPorts }>(({ input }) => loadProposals(input.ports)),
    decideProposal: fromPromise<ProposalDecision, { ports: GraphExplorerPorts; proposalId: string; decision: ProposalDecision; reason?: string }>(async ({ input }) => {
      if (!input.ports.decideProposal) throw new Error(GRAPH_PROPOSAL_TEXTS.failed);
      await input.ports.decideProposal(input.proposalId, input.decision, input.reason);
      return input.decision;
    }),
    deleteNode: fromPromise<void, { ports: GraphExplorerPorts; id: string }>(async ({ input }) => void (await input.ports.deleteNode(input.id))),
    deleteRelation: fromPromise<void, { ports: GraphExplorerPorts; id: string }>(async ({ input }) => void (await input.ports.deleteRelation(input.id))),
    // The version goes only when the graph knows it (a graph given as data has none): the saved version comes back.
    changeRelationType: fromPromise<number | undefined, { ports: GraphExplorerPorts; id: string; relationType: string; version?: number }>(async ({ input }) =>
      versionOf(await (input.version === undefined ? input.ports.changeRelationType(input.id, input.relationType) : input.ports.changeRelationType(input.id, input.relationType, input.version))),
    ),
    updateNode: fromPromise<{ values: NodeEditValues; version?: number }, { ports: GraphExplorerPorts; id: string; values: NodeEditValues; version?: number }>(async ({ input }) => {
      const saved = await (input.version === undefined ? input.ports.updateNode(input.id, input.values) : input.ports.updateNode(input.id, input.values, input.version));
      return { values: input.values, version: versionOf(saved) };
    }),
  },
  guards: {
    writable: ({ context }) => !context.readonly,
    busy: or([stateIn('#ge-node-deleting'), stateIn('#ge-edge-deleting'), stateIn('#ge-edge-saving'), stateIn('#ge-edit-saving'), stateIn('#ge-proposal-deciding')]),
    typeChosen: ({ context }) => context.chosenType !== '',
    nodeExists: ({ context, event }) => event.type === 'node.open' && !!findShownNode(context, event.nodeId),
    editableNode: ({ context, event }) => !context.readonly && event.type === 'node.edit' && !!findNode(context, event.nodeId),
    edgeExists: ({ context, event }) => event.type === 'edge.open' && !!findShownRelation(context, event.relationId),
    canDecide: ({ context, event }) => event.type === 'proposal.decide' && !!context.ports.decideProposal && context.proposals.some((p) => p.id === event.proposalId),
    blankForm: ({ event }) => event.type === 'node.edit.save' && (!event.values.name.trim() || !event.values.nodeType.trim()),
  },
  actions: {
    loaded: assign(({ context }, out: Loaded) => ({ ...out, nodeTypeColors: out.nodeTypeColors ?? {}, relationTypeRules: out.relationTypeRules ?? new Map(), loadCount: context.loadCount + 1, error: null })),
    closeAll: assign({ popover: null, editing: null, chosenType: '', formError: null, editConflict: null }),
    setLayout: assign(({ event }) => (event.type === 'layout.set' ? { layout: event.layout } : {})),
  },
});
