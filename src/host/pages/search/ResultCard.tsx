import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { Button, Chip, IconButton } from '../../../ui';
import { EditIcon, ExternalLinkIcon, EyeIcon, TrashIcon } from '../../../ui/icons';
import { formatDate } from '../../../widgets';
import { SEARCH_TEXTS as T } from '../../../contract/texts/search';

interface ResultCardProps {
  node: KnowledgeNode;
  canEdit: boolean;
  canDelete: boolean;
  onView: (node: KnowledgeNode) => void;
  onEdit: (node: KnowledgeNode) => void;
  onDelete: (node: KnowledgeNode) => void;
}

/** Spec §2 result card: name, type chip, SNOMED code, URL marker, description, note, created date and creator, actions. */
export function ResultCard({ node, canEdit, canDelete, onView, onEdit, onDelete }: ResultCardProps) {
  const created = formatDate(node.createdAt, '');
  return (
    <article className="kg-dash-card kg-search-card" aria-label={node.name} data-testid="search-result">
      <header className="kg-dash-card__head">
        <h3 className="kg-dash-card__title">{node.name}</h3>
        <Chip color="primary" tint={node.nodeTypeColor}>{node.nodeType}</Chip>
      </header>
      {(node.snomedCode || node.url?.trim()) && (
        <div className="kg-search-card__tags">
          {node.snomedCode && (
            <span className="kg-dash-card__meta">
              <span className="kg-dash-card__meta-label">{T.snomed}</span> {node.snomedCode}
            </span>
          )}
          {node.url?.trim() && (
            <span className="kg-search-card__url">
              <ExternalLinkIcon size={14} /> {T.hasUrlMarker}
            </span>
          )}
        </div>
      )}
      <p className={node.description ? 'kg-dash-card__text' : 'kg-dash-card__text kg-dash-card__text--muted'}>{node.description || T.noDescription}</p>
      {node.note && (
        <p className="kg-dash-card__note">
          <span className="kg-dash-card__meta-label">{T.note}</span> {node.note}
        </p>
      )}
      <p className="kg-search-card__created">
        {node.createdByUsername ? T.createdOnBy(created, node.createdByUsername) : T.createdOn(created)}
      </p>
      <footer className="kg-dash-card__actions kg-search-card__actions">
        <Button variant="outlined" className="kg-search-card__view" startIcon={<EyeIcon />} onClick={() => onView(node)}>
          {T.viewDetails}
        </Button>
        <div className="kg-dash-actions">
          {canEdit && (
            <IconButton label={T.editNode} onClick={() => onEdit(node)}>
              <EditIcon />
            </IconButton>
          )}
          {canDelete && (
            <IconButton label={T.deleteNode} className="kg-dash-actions__delete" onClick={() => onDelete(node)}>
              <TrashIcon />
            </IconButton>
          )}
        </div>
      </footer>
    </article>
  );
}
