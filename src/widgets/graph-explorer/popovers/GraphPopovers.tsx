import { GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import type { KgDomEvents } from '../../../contract/dom-events';
import { fittingTypes, noFittingTypesText } from '../../../contract/knowledge/relation-type-rules';
import { EdgePopover, type EdgePopoverStep } from './EdgePopover';
import type { ViewGraph } from '../model/graph-model';
import { NodePopover, type NodePopoverStep } from './NodePopover';
import type { ExplorerActor } from '../use-graph-explorer';
import { PopoverDiscussion, PopoverPresence } from './popover-presence';
import { ProposalCards } from './ProposalCard';
import { ProposedPopover } from './ProposedPopover';
import { isProposedId, overlayOf } from '../../../machines/graph-explorer/proposal-items';
import { REVIEW_PERMISSION } from '../../../contract/knowledge/review';

// The comparison loads when a type save first meets someone else's change, not with the graph (its size budget: bench/bundle).
const ConflictDialog = lazy(() => import('../../parts/conflict').then((m) => ({ default: m.ConflictDialog })));
import { RELATION_TEXTS } from '../../../contract/texts/relations';

export interface GraphPopoversProps {
  actor: ExplorerActor;
  view: ViewGraph | null;
  colors: ReadonlyMap<string, string>;
  relationTypes: readonly string[];
  onNavigate?: (detail: KgDomEvents['kg-navigate']) => void;
  /** The signed-in user's permissions: an action the role cannot take is not offered. */
  permissions: readonly string[];
  /** The server whose presence the node popover shows. */
  presenceBase?: string;
  /** The signed-in user: the proposer of a proposal withdraws it, and never approves it. */
  userId?: string;
}

/** The node or edge popover the machine has open (closed when its node or edge left the view). */
export function GraphPopovers({ actor, view, colors, relationTypes, onNavigate, permissions, presenceBase, userId }: GraphPopoversProps) {
  const snapshot = useSelector(actor, (s) => s);
  const c = snapshot.context;
  const popover = c.popover;
  const node = popover?.kind === 'node' ? view?.nodes.find((n) => n.id === popover.id) : undefined;
  const relation = popover?.kind === 'edge' ? view?.relations.find((r) => r.id === popover.id) : undefined;
  const gone = !!popover && !node && !relation && !snapshot.hasTag('busy');
  useEffect(() => {
    if (gone) actor.send({ type: 'popover.close' });
  }, [gone, actor]);
  const send = actor.send;
  const close = () => send({ type: 'popover.close' });
  const busy = snapshot.hasTag('busy');
  // Escape closes an open popover wherever the focus is, and only the popover (not the host's dialog).
  // Listening from the layout phase, before the popover is painted: a key pressed as soon as it shows
  // is not lost in the gap before passive effects run (a busy machine widens it).
  useLayoutEffect(() => {
    if (!popover) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      if (!busy) actor.send({ type: 'popover.close' });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [popover, busy, actor]);
  const focus = c.graph?.focus ?? null;
  // Each action only for a role that may take it (the server refuses the others): no form to fill in vain.
  const may = (permission: string) => !c.readonly && permissions.includes(permission);
  // Open proposals about the item (review mode): who proposed what, and the decision the user may take.
  const marks = popover && c.graph ? (overlayOf(c.graph, c.proposals).marks.get(popover.id) ?? []) : [];
  const nameOf = (id: string) => view?.nodes.find((n) => n.id === id)?.name ?? c.graph?.nodes.find((n) => n.id === id)?.name ?? V.unknownNode;
  const proposals = marks.length > 0 && (
    <ProposalCards
      marks={marks}
      userId={userId}
      reviewer={permissions.includes(REVIEW_PERMISSION)}
      readonly={c.readonly}
      busy={busy}
      nameOf={nameOf}
      onDecide={(proposalId, decision, reason) => send({ type: 'proposal.decide', proposalId, decision, reason })}
    />
  );
  if (popover && isProposedId(popover.id) && (node || relation)) {
    const item = node
      ? { kind: 'node' as const, node, color: colors.get(node.nodeType) ?? '#607d8b' }
      : { kind: 'edge' as const, relation: relation!, sourceName: nameOf(relation!.sourceNodeId), targetName: nameOf(relation!.targetNodeId) };
    return (
      <ProposedPopover item={item} anchor={popover.anchor} busy={busy} onClose={close}>
        {proposals}
      </ProposedPopover>
    );
  }

  if (popover?.kind === 'node' && node) {
    const steps: NodePopoverStep[] = ['confirming', 'deleting'];
    const step = steps.find((s) => snapshot.matches({ ready: { ui: { nodePopover: s } } })) ?? 'viewing';
    return (
      <NodePopover
        node={node}
        color={colors.get(node.nodeType) ?? '#607d8b'}
        anchor={popover.anchor}
        step={step}
        readonly={c.readonly}
        can={{ relate: may('relations.create'), edit: may('nodes.update'), remove: may('nodes.delete') }}
        capped={view?.capped.get(node.id) ?? 0}
        isFocus={node.id === focus}
        presence={presenceBase !== undefined && <PopoverPresence apiBase={presenceBase} nodeId={node.id} />}
        proposals={proposals}
        discussion={presenceBase !== undefined && <PopoverDiscussion apiBase={presenceBase} type="node" id={node.id} onOpen={onNavigate && (() => onNavigate({ path: `/nodes/view/${node.id}` }))} />}
        onClose={close}
        // Spec §2: Add Relation leaves for the relation form and comes back to the graph afterwards.
        onAddRelation={() =>
          onNavigate?.({
            path: `/nodes/${node.id}/relations/new`,
            state: { returnTo: { graph: { focusNodeId: focus ?? node.id, relationType: c.presetRelationType ?? undefined } } },
          })
        }
        onEditNode={() => onNavigate?.({ path: `/nodes/${node.id}/edit` })}
        onDelete={() => send({ type: 'node.delete' })}
        onConfirm={() => send({ type: 'confirm.ok' })}
        onCancel={() => send({ type: 'confirm.cancel' })}
        onShowMore={() => send({ type: 'hub.expand', nodeId: node.id })}
        onFocus={() => send({ type: 'graph.focus', focusNodeId: node.id, relationType: null })}
      />
    );
  }
  if (popover?.kind === 'edge' && relation) {
    const steps: EdgePopoverStep[] = ['typeForm', 'saving', 'confirming', 'deleting'];
    const step = steps.find((s) => snapshot.matches({ ready: { ui: { edgePopover: s } } })) ?? 'viewing';
    const end = (id: string) => c.graph?.nodes.find((n) => n.id === id);
    const name = (id: string) => end(id)?.name ?? V.unknownNode;
    // Only the types whose rule fits the two ends (the current one is kept, even
    // when it was made before a rule it now breaks); when none fits, why.
    const ends = { source: end(relation.sourceNodeId)?.nodeType ?? '', target: end(relation.targetNodeId)?.nodeType ?? '' };
    const fitting = fittingTypes(relationTypes, c.relationTypeRules, ends.source, ends.target, relation.relationType);
    // The type save met someone else's change (412): theirs against the chosen type.
    const conflict = c.editConflict;
    const theirsType = conflict?.current.relationType ?? relation.relationType;
    return (
      <>
        <EdgePopover
          relation={relation}
          sourceName={name(relation.sourceNodeId)}
          targetName={name(relation.targetNodeId)}
          anchor={popover.anchor}
          step={step}
          readonly={c.readonly}
          can={{ edit: may('relations.update'), remove: may('relations.delete') }}
          relationTypes={fitting}
          proposals={proposals}
          discussion={
            presenceBase !== undefined && (
              <PopoverDiscussion apiBase={presenceBase} type="relation" id={relation.id} onOpen={onNavigate && (() => onNavigate({ path: `/relations/${relation.id}/edit` }))} />
            )
          }
          noneFitsText={noFittingTypesText(ends.source, ends.target, true)}
          error={snapshot.matches({ ready: { ui: { edgePopover: 'typeForm' } } }) ? c.formError : null}
          chosenType={c.chosenType}
          onClose={close}
          onEditType={() => send({ type: 'relation.type.edit' })}
          onChooseType={(relationType) => send({ type: 'relation.type.choose', relationType })}
          onSaveType={() => send({ type: 'relation.type.save' })}
          onDelete={() => send({ type: 'relation.delete' })}
          onConfirm={() => send({ type: 'confirm.ok' })}
          onCancel={() => send({ type: 'confirm.cancel' })}
        />
        {conflict && (
          <Suspense fallback={null}>
            <ConflictDialog
              open
              changedBy={conflict?.changedBy ?? null}
              changedAt={conflict?.changedAt ?? null}
              fields={[{ key: 'relationType', label: RELATION_TEXTS.relationType, theirs: theirsType, yours: c.chosenType }]}
              onKeepMine={() => send({ type: 'conflict.adopt' })}
              onTakeTheirs={() => send({ type: 'conflict.adopt', theirs: true })}
              onChoose={(choices) => send({ type: 'conflict.adopt', theirs: choices.relationType === 'theirs' })}
              onCancel={() => send({ type: 'conflict.dismiss' })}
              busy={busy}
            />
          </Suspense>
        )}
      </>
    );
  }
  return null;
}
