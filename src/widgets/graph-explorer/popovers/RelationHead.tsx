import type { GraphRelation } from '../../../contract/knowledge/graph';
import { GRAPH_MESSAGES, GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';
import { Chip } from '../../../ui/Chip';

export interface RelationHeadProps {
  relation: GraphRelation;
  sourceName: string;
  targetName: string;
}

/** The popover's accessible name for a relation: its name, or its type when it has none. */
export function relationPopoverLabel(relation: GraphRelation): string {
  return V.relationLabel(relation.relationName || relation.relationType);
}

/**
 * What a relation is, the same in the popover of a stored relation and of one only a proposal creates:
 * its type and strength, its name or 'No name', and the route from source to target.
 */
export function RelationHead({ relation: r, sourceName, targetName }: RelationHeadProps) {
  return (
    <>
      <div className="kg-graph-popover__head">
        <Chip color="secondary">{r.relationType}</Chip>
        <span className="kg-graph-weight" title={V.strength}>
          {V.weight(r.weight)}
        </span>
      </div>
      <h3 className="kg-graph-popover__title">{r.relationName || GRAPH_MESSAGES.noName}</h3>
      <p className="kg-graph-popover__route">
        <span>{sourceName}</span>
        <span aria-label={V.routeTo}> → </span>
        <span>{targetName}</span>
      </p>
    </>
  );
}
