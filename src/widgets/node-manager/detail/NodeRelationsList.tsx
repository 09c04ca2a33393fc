import { useState } from 'react';
import type { NodeRelationItem } from '../../../contract/knowledge/relations';
import { Card } from '../../../ui/Card';
import { Chip } from '../../../ui/Chip';
import { IncomingIcon, OutgoingIcon } from '../icons';
import { EvidenceSummary } from '../../parts/evidence';
import { groupRelations, RELATION_GROUP_PREVIEW, type RelationGroup } from '../node-format';
import { NODE_TEXTS as T } from '../../../contract/texts/nodes';

export interface NodeRelationsListProps {
  nodeId: string;
  relations: readonly NodeRelationItem[];
  /** Opens the related node's detail. */
  onOpenNode: (nodeId: string) => void;
}

/**
 * The node's relations (spec §2: relation type and 'to {related node name}'), grouped so that a hub
 * stays readable: Outgoing and Incoming, then one group per relation type, one line per related node
 * with the relation's strength. A group longer than a few entries shows its strongest ones and
 * 'Show all n'; a hub's thirty relations then fit beside the node's facts instead of filling pages.
 */
export function NodeRelationsList({ nodeId, relations, onOpenNode }: NodeRelationsListProps) {
  const directions = groupRelations(relations, nodeId);
  return (
    <Card title={`${T.relations} (${relations.length})`} headingLevel={3} className="kg-node-detail__card">
      {directions.length === 0 ? (
        <p className="kg-node-detail__none">{T.noRelationsYet}</p>
      ) : (
        <div className="kg-node-rels">
          {directions.map(({ direction, count, groups }) => {
            const outgoing = direction === 'outgoing';
            const label = outgoing ? T.outgoing : T.incoming;
            return (
              <section key={direction} className="kg-node-rels__direction" aria-label={label}>
                <h4 className="kg-node-rels__direction-title">
                  {outgoing ? <OutgoingIcon /> : <IncomingIcon />}
                  {label} <span className="kg-node-rels__count">({count})</span>
                </h4>
                {groups.map((group) => (
                  <RelationTypeGroup key={group.relationType} group={group} directionLabel={label} outgoing={outgoing} onOpenNode={onOpenNode} />
                ))}
              </section>
            );
          })}
        </div>
      )}
    </Card>
  );
}

interface RelationTypeGroupProps {
  group: RelationGroup<NodeRelationItem>;
  directionLabel: string;
  outgoing: boolean;
  onOpenNode: (nodeId: string) => void;
}

/** One relation type's entries: name and strength per line, the strongest first, long groups folded. */
function RelationTypeGroup({ group, directionLabel, outgoing, onOpenNode }: RelationTypeGroupProps) {
  const [expanded, setExpanded] = useState(false);
  const long = group.items.length > RELATION_GROUP_PREVIEW;
  const shown = long && !expanded ? group.items.slice(0, RELATION_GROUP_PREVIEW) : group.items;
  return (
    <div className="kg-node-rels__group">
      <div className="kg-node-rels__group-head">
        <Chip color="secondary" className="kg-node-rels__type">
          {group.relationType}
        </Chip>
        <span className="kg-node-rels__count">{group.items.length}</span>
      </div>
      <ul className="kg-node-rels__list" aria-label={T.relationGroup(directionLabel, group.relationType)}>
        {shown.map((r) => (
          <li key={r.id} className="kg-node-rels__item">
            <span className="kg-visually-hidden">{outgoing ? T.relatesTo : T.relatesFrom} </span>
            <button type="button" className="kg-nodes__name kg-nodes__name--inline kg-node-rels__name" title={r.relatedNode.name} onClick={() => onOpenNode(r.relatedNode.id)}>
              {r.relatedNode.name}
            </button>
            <EvidenceSummary evidence={r.evidence ?? []} />
            <span className="kg-node-rels__weight" title={T.strength(r.weight)}>
              <span className="kg-node-rels__bar" aria-hidden="true">
                <span style={{ inlineSize: `${Math.max(0, Math.min(100, r.weight))}%` }} />
              </span>
              <span aria-hidden="true">{r.weight}</span>
              <span className="kg-visually-hidden">{T.strength(r.weight)}</span>
            </span>
          </li>
        ))}
      </ul>
      {long && (
        <button type="button" className="kg-btn kg-btn--text kg-node-rels__more" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? T.showFewer : T.showAll(group.items.length)}
        </button>
      )}
    </div>
  );
}
