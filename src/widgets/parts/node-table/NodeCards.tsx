import type { ReactNode } from 'react';
import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { formatDate } from '../../format';
import { NodeActions, type NodeAction } from './NodeActions';
import { NodeName, NodeTypeChip } from './NodeTable';
import { NODE_TEXTS as T } from '../../../contract/texts/nodes';

export interface NodeCardsProps {
  rows: readonly KnowledgeNode[];
  actions: readonly NodeAction[];
  onView: (node: KnowledgeNode) => void;
  busy: boolean;
  /** What an empty list says (default: 'No knowledge nodes found'). */
  empty?: ReactNode;
}

/** The node list's grid (spec §2; small screens start with it): name, type chip, description clamped to 3 lines, created date, actions. */
export function NodeCards({ rows, actions, onView, busy, empty }: NodeCardsProps) {
  if (rows.length === 0) return <div className="kg-admin__empty">{empty ?? T.empty}</div>;
  return (
    <ul className="kg-nodes__grid" aria-label={T.title} aria-busy={busy || undefined}>
      {rows.map((n) => (
        <li key={n.id} className="kg-node-card">
          <div className="kg-node-card__head">
            <h3 className="kg-node-card__title">
              <NodeName node={n} onView={onView} />
            </h3>
            <NodeTypeChip node={n} />
          </div>
          <p className="kg-node-card__desc">{n.description || <span className="kg-node-card__none">{T.noValue}</span>}</p>
          <p className="kg-nodes__date kg-node-card__date">
            {T.created} {formatDate(n.createdAt, T.noValue)}
          </p>
          <div className="kg-node-card__foot">
            <NodeActions node={n} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
