import type { NodeRelationItem } from '../../contract/relations';
import { Card } from '../../ui/Card';
import { Chip } from '../../ui/Chip';
import { IncomingIcon, OutgoingIcon } from './icons';
import { relationDirection, sortRelations } from './node-format';
import { NODE_TEXTS as T } from '../../contract/node-texts';

export interface NodeRelationsListProps {
  nodeId: string;
  relations: readonly NodeRelationItem[];
  /** Opens the related node's detail. */
  onOpenNode: (nodeId: string) => void;
}

/**
 * The node's relations (spec §2: relation type and 'to {related node name}'): outgoing ones read
 * 'to {name}', incoming ones 'from {name}' with an arrow, so the direction is clear.
 */
export function NodeRelationsList({ nodeId, relations, onOpenNode }: NodeRelationsListProps) {
  const items = sortRelations(relations, nodeId);
  return (
    <Card title={`${T.relations} (${relations.length})`} headingLevel={3} className="kg-node-detail__card">
      {items.length === 0 ? (
        <p className="kg-node-detail__none">{T.noRelationsYet}</p>
      ) : (
        <ul className="kg-node-detail__relations" aria-label={T.relations}>
          {items.map((r) => {
            const outgoing = relationDirection(r, nodeId) === 'outgoing';
            return (
              <li key={r.id} className="kg-node-detail__relation">
                <span className="kg-node-detail__dir" title={outgoing ? T.outgoing : T.incoming}>
                  {outgoing ? <OutgoingIcon /> : <IncomingIcon />}
                  <span className="kg-visually-hidden">{outgoing ? T.outgoing : T.incoming}</span>
                </span>
                <Chip color="secondary" className="kg-node-detail__rel-type">
                  {r.relationType}
                </Chip>
                <span className="kg-node-detail__rel-text">
                  {outgoing ? T.relatesTo : T.relatesFrom}{' '}
                  <button type="button" className="kg-nodes__name kg-nodes__name--inline" onClick={() => onOpenNode(r.relatedNode.id)}>
                    {r.relatedNode.name}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
