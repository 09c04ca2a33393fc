import { Chip } from '../../ui/Chip';
import { formatDate } from '../format';
import { NodeActions } from './NodeActions';
import { NodeName, type NodeViewProps } from './NodeTable';
import { NODE_TEXTS as T } from '../../contract/texts/nodes';

/** The grid view (spec §2): name, type chip, description clamped to 3 lines, created date, actions. */
export function NodeCards({ rows, can, busy, empty, ...on }: NodeViewProps) {
  if (rows.length === 0) return <div className="kg-admin__empty">{empty ?? T.empty}</div>;
  return (
    <ul className="kg-nodes__grid" aria-label={T.title} aria-busy={busy || undefined}>
      {rows.map((n) => (
        <li key={n.id} className="kg-node-card">
          <div className="kg-node-card__head">
            <h3 className="kg-node-card__title">
              <NodeName node={n} onView={on.onView} />
            </h3>
            <Chip color="default" tint={n.nodeTypeColor} className="kg-nodes__type">
              {n.nodeType}
            </Chip>
          </div>
          <p className="kg-node-card__desc">{n.description || <span className="kg-node-card__none">{T.noValue}</span>}</p>
          <p className="kg-nodes__date kg-node-card__date">
            {T.created} {formatDate(n.createdAt, T.noValue)}
          </p>
          <div className="kg-node-card__foot">
            <NodeActions node={n} can={can} compact={false} {...on} />
          </div>
        </li>
      ))}
    </ul>
  );
}
