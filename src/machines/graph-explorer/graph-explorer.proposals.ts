import { assign, raise } from 'xstate';
import { GRAPH_PROPOSAL_TEXTS as P } from '../../contract/texts/graph';
import { failureText } from '../error-text';
import type { ProposalDecision } from './graph-explorer.model';
import { graphExplorerSetup as s, nextToast } from './graph-explorer.setup';

/**
 * Review mode in the graph: a proposal decided from a popover (approve, reject with its reason,
 * withdraw). `deciding` is a part of the `ui` region tagged `busy`; the popover stays open while
 * the call runs. Once decided the graph and its proposals load again: an approved change is then
 * an ordinary node or relation, a rejected or withdrawn one is gone. A failure (an outdated
 * proposal's 409, a missing reason's 400) goes back to the popover with the server's message.
 */
const DONE_TEXT: Record<ProposalDecision, string> = { approve: P.approved, reject: P.rejected, withdraw: P.withdrawn };

/** What both popovers' viewing states answer. */
export const proposalDecisionHandlers = {
  'proposal.decide': { guard: 'canDecide', target: '#graphExplorer.ready.ui.deciding' },
} as const;

export const decidingState = s.createStateConfig({
  id: 'ge-proposal-deciding',
  tags: 'busy',
  invoke: {
    src: 'decideProposal',
    input: ({ context, event }) => {
      const e = event as Extract<typeof event, { type: 'proposal.decide' }>;
      return { ports: context.ports, proposalId: e.proposalId, decision: e.decision, reason: e.reason };
    },
    onDone: {
      target: '#graphExplorer.ready.ui.idle',
      actions: [assign(({ context, event }) => nextToast(context, DONE_TEXT[event.output])), raise({ type: 'graph.reload' })],
    },
    onError: [
      {
        guard: ({ context }) => context.popover?.kind === 'edge',
        target: '#graphExplorer.ready.ui.edgePopover',
        actions: assign(({ context, event }) => nextToast(context, failureText(event.error, P.failed), 'error')),
      },
      { target: '#graphExplorer.ready.ui.nodePopover', actions: assign(({ context, event }) => nextToast(context, failureText(event.error, P.failed), 'error')) },
    ],
  },
});
