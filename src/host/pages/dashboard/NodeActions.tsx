import type { KnowledgeNode } from '../../../contract/nodes';
import { IconButton, Tooltip } from '../../../ui';
import { EditIcon, EyeIcon, PlusIcon, TrashIcon } from '../../../ui/icons';
import { GraphIcon } from '../../../ui/icons';
import type { DashboardAbilities } from './can';
import { DASHBOARD_TEXTS } from '../../../contract/texts/dashboard';

export interface NodeActionHandlers {
  onView: (node: KnowledgeNode) => void;
  onEdit: (node: KnowledgeNode) => void;
  onCreateRelation: (node: KnowledgeNode) => void;
  onViewRelations: (node: KnowledgeNode) => void;
  onDelete: (node: KnowledgeNode) => void;
}

/**
 * A node's actions on the dashboard (card and table row alike): View Details, Edit, Create
 * Relation, View Relations (disabled with a tooltip when the node has none) and Delete;
 * write actions only for users allowed to do them.
 */
export function NodeActions({ node, can, handlers }: { node: KnowledgeNode; can: DashboardAbilities; handlers: NodeActionHandlers }) {
  return (
    <div className="kg-dash-actions">
      <IconButton label={DASHBOARD_TEXTS.viewDetails} onClick={() => handlers.onView(node)}>
        <EyeIcon />
      </IconButton>
      {can.updateNode && (
        <IconButton label={DASHBOARD_TEXTS.edit} onClick={() => handlers.onEdit(node)}>
          <EditIcon />
        </IconButton>
      )}
      {can.createRelation && (
        <IconButton label={DASHBOARD_TEXTS.createRelation} onClick={() => handlers.onCreateRelation(node)}>
          <PlusIcon />
        </IconButton>
      )}
      {node.hasRelations ? (
        <IconButton label={DASHBOARD_TEXTS.viewRelations} onClick={() => handlers.onViewRelations(node)}>
          <GraphIcon />
        </IconButton>
      ) : (
        // aria-disabled (not disabled) so the button can still be focused and hovered for its tooltip.
        <Tooltip content={DASHBOARD_TEXTS.noRelationsTooltip}>
          <IconButton label={DASHBOARD_TEXTS.viewRelations} title="" aria-disabled="true" className="kg-icon-btn--disabled">
            <GraphIcon />
          </IconButton>
        </Tooltip>
      )}
      {can.deleteNode && (
        <IconButton label={DASHBOARD_TEXTS.delete} className="kg-dash-actions__delete" onClick={() => handlers.onDelete(node)}>
          <TrashIcon />
        </IconButton>
      )}
    </div>
  );
}
