import { assign, emit } from 'xstate';
import { GRAPH_MESSAGES } from '../../contract/texts/graph';
import { isEditConflict, isProposalSent } from '../../api/client';
import { PROPOSAL_TEXTS } from '../../contract/texts/knowledge/proposals';
import { failureText } from '../error-text';
import { findNode, nodeEditValuesOf, withNodeValues, withoutNode, type GraphExplorerContext, type GraphExplorerEvent } from './graph-explorer.model';
import { proposalDecisionHandlers } from './graph-explorer.proposals';
import { graphExplorerSetup as s, nextToast } from './graph-explorer.setup';

/**
 * The node's parts of the `ui` region: its popover (viewing → confirming → deleting) and the
 * Edit Knowledge Node dialog (form → saving). Deleting and saving are tagged `busy`: the
 * dialog's buttons are disabled, nothing closes and no reload starts until they end.
 */
const IDLE = '#graphExplorer.ready.ui.idle';
type GraphExplorerContextConflict = NonNullable<GraphExplorerContext['editConflict']>;

export const nodePopoverState = s.createStateConfig({
  entry: assign(({ event }) => (event.type === 'node.open' ? { popover: { kind: 'node' as const, id: event.nodeId, anchor: event.anchor } } : {})),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'popover.close': IDLE,
        'node.open': { guard: 'nodeExists', target: '#graphExplorer.ready.ui.nodePopover', reenter: true },
        'edge.open': { guard: 'edgeExists', target: '#graphExplorer.ready.ui.edgePopover' },
        'node.edit': { guard: 'editableNode', target: '#graphExplorer.ready.ui.editing' },
        'node.delete': { guard: 'writable', target: 'confirming' },
        ...proposalDecisionHandlers,
        'layout.set': { target: IDLE, actions: 'setLayout' },
      },
    },
    confirming: { on: { 'confirm.cancel': 'viewing', 'popover.close': IDLE, 'confirm.ok': 'deleting' } },
    deleting: {
      id: 'ge-node-deleting',
      tags: 'busy',
      invoke: {
        src: 'deleteNode',
        input: ({ context }) => ({ ports: context.ports, id: context.popover!.id }),
        onDone: {
          target: IDLE,
          actions: [
            emit(({ context }) => ({ type: 'node.deleted' as const, nodeId: context.popover!.id })),
            assign(({ context }) => ({ graph: withoutNode(context.graph!, context.popover!.id), ...nextToast(context, GRAPH_MESSAGES.nodeDeleted) })),
          ],
        },
        onError: [
          // Review mode kept the delete as a proposal: the node stays.
          { guard: ({ event }) => isProposalSent(event.error), target: 'viewing', actions: assign(({ context }) => nextToast(context, PROPOSAL_TEXTS.sent)) },
          { target: 'viewing', actions: assign(({ context }) => nextToast(context, GRAPH_MESSAGES.nodeDeleteFailed, 'error')) },
        ],
      },
    },
  },
});

export const editingState = s.createStateConfig({
  entry: assign(({ context, event }) => ({ popover: null, formError: null, editConflict: null, editing: event.type === 'node.edit' ? findNode(context, event.nodeId) : null })),
  exit: assign({ editConflict: null }),
  initial: 'form',
  states: {
    form: {
      on: {
        'node.edit.cancel': IDLE,
        // The conflict dialog's choice: the dialog now edits the node as it is (its version); with
        // `theirs` the graph shows its values too (the dialog takes them into its fields).
        'conflict.adopt': {
          actions: assign(({ context, event }) => {
            const current = context.editConflict?.current;
            if (!current || !context.editing) return { editConflict: null };
            const editing = { ...context.editing, version: current.version ?? context.editing.version };
            if (!event.theirs) return { editConflict: null, editing };
            const theirs = nodeEditValuesOf({ ...context.editing, ...current });
            const graph = withNodeValues(context.graph!, context.editing.id, theirs, editing.version);
            return { editConflict: null, editing: findNode({ graph }, context.editing.id) ?? editing, graph };
          }),
        },
        'conflict.dismiss': { actions: assign({ editConflict: null }) },
        'node.edit.save': [{ guard: 'blankForm', actions: assign({ formError: 'Name and node type are required' }) }, { target: 'saving' }],
      },
    },
    saving: {
      id: 'ge-edit-saving',
      tags: 'busy',
      entry: assign({ formError: null }),
      invoke: {
        src: 'updateNode',
        input: ({ context, event }) => ({
          ports: context.ports,
          id: context.editing!.id,
          values: (event as Extract<GraphExplorerEvent, { type: 'node.edit.save' }>).values,
          version: context.editing!.version,
        }),
        onDone: {
          target: IDLE,
          actions: [
            emit(({ context }) => ({ type: 'node.updated' as const, nodeId: context.editing!.id })),
            assign(({ context, event }) => ({ graph: withNodeValues(context.graph!, context.editing!.id, event.output.values, event.output.version), ...nextToast(context, GRAPH_MESSAGES.nodeUpdated) })),
          ],
        },
        onError: [
          // Review mode kept the save as a proposal: the form closes, the node is drawn as it was.
          { guard: ({ event }) => isProposalSent(event.error), target: IDLE, actions: assign(({ context }) => nextToast(context, PROPOSAL_TEXTS.sent)) },
          // Saved by someone else since the graph was read: the comparison opens, the typed values stay.
          { guard: ({ event }) => isEditConflict(event.error), target: 'form', actions: assign(({ event }) => ({ editConflict: event.error as GraphExplorerContextConflict })) },
          {
            target: 'form',
            actions: assign(({ context, event }) => ({ formError: failureText(event.error, GRAPH_MESSAGES.nodeUpdateFailed), ...nextToast(context, GRAPH_MESSAGES.nodeUpdateFailed, 'error') })),
          },
        ],
      },
    },
  },
});
