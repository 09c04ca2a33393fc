import type { ReactNode } from 'react';
import type { GraphNode, GraphRelation } from '../../../contract/knowledge/graph';
import { GRAPH_MESSAGES, GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';
import type { Anchor } from '../../../machines/graph-explorer/graph-explorer.machine';
import { Popover } from './Popover';
import { RelationHead, relationPopoverLabel } from './RelationHead';

export type ProposedItem = { kind: 'node'; node: GraphNode; color: string } | { kind: 'edge'; relation: GraphRelation; sourceName: string; targetName: string };

export interface ProposedPopoverProps {
  item: ProposedItem;
  anchor: Anchor;
  busy: boolean;
  /** The proposal's card (who, what, and the decision: ProposalCards). */
  children: ReactNode;
  onClose: () => void;
}

/** The popover of a node or relation that only a proposal creates: what it would be, and the proposal. */
export function ProposedPopover({ item, anchor, busy, children, onClose }: ProposedPopoverProps) {
  if (item.kind === 'node') {
    const { node } = item;
    return (
      <Popover anchor={anchor} label={node.name} onClose={onClose} busy={busy}>
        <div className="kg-graph-popover__head">
          <svg className="kg-graph-proposal__dot" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <circle cx="7" cy="7" r="5.5" fill="none" stroke={item.color} strokeWidth="2" strokeDasharray="3 2" />
          </svg>
          <h3 className="kg-graph-popover__title">{node.name}</h3>
        </div>
        <dl className="kg-graph-facts">
          <dt>{V.type}</dt>
          <dd>{node.nodeType}</dd>
          <dt>{V.snomed}</dt>
          <dd className="kg-graph-facts__code">{node.snomedCode || '—'}</dd>
        </dl>
        <p className="kg-graph-popover__text">{node.description || GRAPH_MESSAGES.noDescription}</p>
        {children}
      </Popover>
    );
  }
  const r = item.relation;
  return (
    <Popover anchor={anchor} label={relationPopoverLabel(r)} onClose={onClose} busy={busy}>
      <RelationHead relation={r} sourceName={item.sourceName} targetName={item.targetName} />
      {r.description && <p className="kg-graph-popover__text">{r.description}</p>}
      {children}
    </Popover>
  );
}
