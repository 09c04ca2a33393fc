import { assign, emit } from 'xstate';
import { GRAPH_MESSAGES } from '../../contract/texts/graph';
import { isEditConflict, isProposalSent } from '../../api/client';
import { PROPOSAL_TEXTS } from '../../contract/texts/knowledge/proposals';
import { failureText } from '../error-text';
import { findRelation, withoutRelation, withRelationType, type GraphExplorerContext } from './graph-explorer.model';
import { proposalDecisionHandlers } from './graph-explorer.proposals';
import { graphExplorerSetup as s, nextToast } from './graph-explorer.setup';

/**
 * The edge popover, a part of the `ui` region: viewing, the relation type form (typeForm →
 * saving) and deletion (confirming → deleting). Saving and deleting are tagged `busy`.
 */
const IDLE = '#graphExplorer.ready.ui.idle';

export const edgePopoverState = s.createStateConfig({
  entry: assign(({ event }) => (event.type === 'edge.open' ? { popover: { kind: 'edge' as const, id: event.relationId, anchor: event.anchor }, chosenType: '' } : {})),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'popover.close': IDLE,
        'edge.open': { guard: 'edgeExists', target: '#graphExplorer.ready.ui.edgePopover', reenter: true },
        'node.open': { guard: 'nodeExists', target: '#graphExplorer.ready.ui.nodePopover' },
        'node.edit': { guard: 'editableNode', target: '#graphExplorer.ready.ui.editing' },
        'relation.type.edit': { guard: 'writable', target: 'typeForm', actions: assign({ chosenType: '', formError: null, editConflict: null }) },
        'relation.delete': { guard: 'writable', target: 'confirming' },
        ...proposalDecisionHandlers,
        'layout.set': { target: IDLE, actions: 'setLayout' },
      },
    },
    typeForm: {
      on: {
        // The conflict dialog's choice: keep mine saves the chosen type over the relation's new
        // version; take theirs shows the relation as it now is and leaves the form.
        'conflict.adopt': [
          {
            guard: ({ event }) => !!event.theirs,
            target: 'viewing',
            actions: assign(({ context }) => {
              const current = context.editConflict?.current;
              const id = context.popover!.id;
              const shown = findRelation(context, id);
              return { graph: withRelationType(context.graph!, id, current?.relationType ?? shown?.relationType ?? '', current?.version), chosenType: '', formError: null, editConflict: null };
            }),
          },
          {
            target: 'saving',
            actions: assign(({ context }) => {
              const current = context.editConflict?.current;
              const id = context.popover!.id;
              const shown = findRelation(context, id);
              return { editConflict: null, graph: withRelationType(context.graph!, id, shown?.relationType ?? '', current?.version) };
            }),
          },
        ],
        'conflict.dismiss': { actions: assign({ editConflict: null }) },
        // A new choice clears the server's refusal of the last one.
        'relation.type.choose': { actions: assign(({ event }) => ({ chosenType: event.relationType, formError: null })) },
        'relation.type.save': { guard: 'typeChosen', target: 'saving' },
        'confirm.cancel': { target: 'viewing', actions: assign({ formError: null, editConflict: null }) },
        'popover.close': IDLE,
      },
    },
    saving: {
      id: 'ge-edge-saving',
      tags: 'busy',
      invoke: {
        src: 'changeRelationType',
        input: ({ context }) => ({ ports: context.ports, id: context.popover!.id, relationType: context.chosenType, version: findRelation(context, context.popover!.id)?.version }),
        onDone: {
          target: 'viewing',
          actions: [
            emit(({ context }) => ({ type: 'relation.changed' as const, relationId: context.popover!.id, change: 'updated' as const, relationType: context.chosenType })),
            assign(({ context, event }) => ({ graph: withRelationType(context.graph!, context.popover!.id, context.chosenType, event.output), ...nextToast(context, GRAPH_MESSAGES.relationTypeUpdated) })),
          ],
        },
        onError: [
          // Review mode kept the change as a proposal: back to the popover, the relation as it was.
          { guard: ({ event }) => isProposalSent(event.error), target: 'viewing', actions: assign(({ context }) => nextToast(context, PROPOSAL_TEXTS.sent)) },
          // Changed by someone else since the graph was read: the comparison opens; the chosen type stays.
          { guard: ({ event }) => isEditConflict(event.error), target: 'typeForm', actions: assign(({ event }) => ({ editConflict: event.error as NonNullable<GraphExplorerContext['editConflict']> })) },
          // The server's reason (a rule's 400, a duplicate's 409: data changed since the list was made) stays in the form.
          {
            target: 'typeForm',
            actions: assign(({ context, event }) => ({
              formError: failureText(event.error, GRAPH_MESSAGES.relationTypeUpdateFailed),
              ...nextToast(context, GRAPH_MESSAGES.relationTypeUpdateFailed, 'error'),
            })),
          },
        ],
      },
    },
    confirming: { on: { 'confirm.cancel': 'viewing', 'popover.close': IDLE, 'confirm.ok': 'deleting' } },
    deleting: {
      id: 'ge-edge-deleting',
      tags: 'busy',
      invoke: {
        src: 'deleteRelation',
        input: ({ context }) => ({ ports: context.ports, id: context.popover!.id }),
        onDone: {
          target: IDLE,
          actions: [
            emit(({ context }) => ({ type: 'relation.changed' as const, relationId: context.popover!.id, change: 'deleted' as const })),
            assign(({ context }) => ({ graph: withoutRelation(context.graph!, context.popover!.id), ...nextToast(context, GRAPH_MESSAGES.relationDeleted) })),
          ],
        },
        onError: [
          // Review mode kept the delete as a proposal: the relation stays.
          { guard: ({ event }) => isProposalSent(event.error), target: 'viewing', actions: assign(({ context }) => nextToast(context, PROPOSAL_TEXTS.sent)) },
          { target: 'viewing', actions: assign(({ context }) => nextToast(context, GRAPH_MESSAGES.relationDeleteFailed, 'error')) },
        ],
      },
    },
  },
});
