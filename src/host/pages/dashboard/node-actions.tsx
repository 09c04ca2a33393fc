import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { EditIcon, EyeIcon, GraphIcon, PlusIcon, TrashIcon } from '../../../ui/icons';
import type { NodeAction } from '../../../widgets/node-manager';
import type { DashboardAbilities } from './can';
import { DASHBOARD_TEXTS as T } from '../../../contract/texts/dashboard';

export interface NodeActionHandlers {
  onView: (node: KnowledgeNode) => void;
  onEdit: (node: KnowledgeNode) => void;
  onCreateRelation: (node: KnowledgeNode) => void;
  onViewRelations: (node: KnowledgeNode) => void;
  onDelete: (node: KnowledgeNode) => void;
}

/**
 * A node's actions on the dashboard (card and table row alike, drawn by the node table's
 * NodeActions): View Details, Edit, Create Relation, View Relations (inert with a tooltip when the
 * node has none) and Delete; write actions only for users allowed to do them.
 */
export function dashboardNodeActions(can: DashboardAbilities, on: NodeActionHandlers): NodeAction[] {
  const action = (key: string, icon: NodeAction['icon'], label: string, onSelect: NodeAction['onSelect'], more?: Partial<NodeAction>): NodeAction => ({ key, icon, label: () => label, onSelect, ...more });
  return [
    action('view', <EyeIcon />, T.viewDetails, on.onView),
    ...(can.updateNode ? [action('edit', <EditIcon />, T.edit, on.onEdit)] : []),
    ...(can.createRelation ? [action('relate', <PlusIcon />, T.createRelation, on.onCreateRelation)] : []),
    action('relations', <GraphIcon />, T.viewRelations, on.onViewRelations, {
      inert: (n) => (n.hasRelations ? undefined : T.noRelationsTooltip),
      inertClassName: 'kg-icon-btn--disabled',
    }),
    ...(can.deleteNode ? [action('delete', <TrashIcon />, T.delete, on.onDelete, { className: 'kg-dash-actions__delete' })] : []),
  ];
}
