import type { KnowledgeNodeDetail } from '../../../contract/knowledge/nodes';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { EditIcon, TrashIcon } from '../../../ui/icons';
import { formatDate } from '../../format';
import { AddRelationIcon, ExternalLinkIcon, GraphIcon } from '../icons';
import { creatorName, type NodeAbilities } from '../node-format';
import { NODE_TEXTS as T } from '../../../contract/texts/nodes';
import { SNOMED_CONCEPT_TEXTS } from '../../../contract/texts/snomed';

export interface NodeDetailHeaderProps {
  node: KnowledgeNodeDetail;
  can: NodeAbilities;
  hasRelations: boolean;
  onAddRelation: () => void;
  onViewGraph: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** Name, type chip and the buttons: Add Relation, View Relations (only with relations), Edit, Delete. */
export function NodeDetailHeader({ node, can, hasRelations, onAddRelation, onViewGraph, onEdit, onDelete }: NodeDetailHeaderProps) {
  return (
    <header className="kg-node-detail__header">
      <div className="kg-node-detail__heading">
        <h2 id="kg-node-detail-title" className="kg-node-detail__name">
          {node.name}
        </h2>
        <Chip color="primary" tint={node.nodeTypeColor} className="kg-node-detail__type">
          {node.nodeType}
        </Chip>
      </div>
      <div className="kg-node-detail__actions">
        {can.relate && (
          <Button variant="outlined" startIcon={<AddRelationIcon />} onClick={onAddRelation}>
            {T.addRelation}
          </Button>
        )}
        {hasRelations && (
          <Button variant="outlined" startIcon={<GraphIcon />} onClick={onViewGraph}>
            {T.viewRelations}
          </Button>
        )}
        {can.update && (
          <Button startIcon={<EditIcon />} onClick={onEdit}>
            {T.edit}
          </Button>
        )}
        {can.delete && (
          <Button variant="danger" startIcon={<TrashIcon />} onClick={onDelete}>
            {T.delete}
          </Button>
        )}
      </div>
    </header>
  );
}

/** SNOMED code, URL (opens in a new tab), description and note; the footer with creation date and creator. */
export function NodeFacts({ node, onBrowseSnomed }: { node: KnowledgeNodeDetail; onBrowseSnomed: (code: string) => void }) {
  const none = <span className="kg-node-detail__empty">{T.noValue}</span>;
  return (
    <>
      <dl className="kg-node-detail__facts">
        <div className="kg-node-detail__fact">
          <dt>{T.snomedCode}</dt>
          <dd className="kg-node-detail__code">
            {node.snomedCode ? (
              <>
                <span>{node.snomedCode}</span>
                <Button variant="text" className="kg-node-detail__browse" onClick={() => onBrowseSnomed(node.snomedCode!)}>
                  {SNOMED_CONCEPT_TEXTS.browse}
                </Button>
              </>
            ) : (
              none
            )}
          </dd>
        </div>
        <div className="kg-node-detail__fact">
          <dt>{T.url}</dt>
          <dd>
            {node.url ? (
              <a className="kg-node-detail__link" href={node.url} target="_blank" rel="noopener noreferrer">
                <span>{node.url}</span>
                <ExternalLinkIcon size={14} />
              </a>
            ) : (
              none
            )}
          </dd>
        </div>
        <div className="kg-node-detail__fact kg-node-detail__fact--wide">
          <dt>{T.description}</dt>
          <dd className="kg-node-detail__text">{node.description || none}</dd>
        </div>
        <div className="kg-node-detail__fact kg-node-detail__fact--wide">
          <dt>{T.note}</dt>
          <dd className="kg-node-detail__text">{node.note || none}</dd>
        </div>
      </dl>
      <footer className="kg-node-detail__footer">
        {T.created} {formatDate(node.createdAt, T.noValue)} {T.by} <strong>{creatorName(node, T.unknown)}</strong>
      </footer>
    </>
  );
}
