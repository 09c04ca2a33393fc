import type { KnowledgeNode } from '../../contract/knowledge/nodes';
import { EditIcon, EyeIcon, TrashIcon } from '../../ui/icons';
import type { NodeAction } from '../parts/node-table';
import { AddRelationIcon, GraphIcon } from './icons';
import type { NodeAbilities } from './node-format';
import { NODE_TEXTS as T } from '../../contract/texts/nodes';

export interface NodeRowHandlers {
  onView: (node: KnowledgeNode) => void;
  onCreateRelation: (node: KnowledgeNode) => void;
  onViewGraph: (node: KnowledgeNode) => void;
  onEdit: (node: KnowledgeNode) => void;
  onDelete: (node: KnowledgeNode) => void;
}

/**
 * The list's row actions (spec §2): View, Create Relation, View Graph (inert with the tooltip
 * 'No relations exist' when the node has none), Edit, Delete. Write actions only for users who may.
 */
export function nodeRowActions(can: NodeAbilities, on: NodeRowHandlers): NodeAction[] {
  return [
    { key: 'view', icon: <EyeIcon />, label: (n) => T.viewNamed(n.name), text: T.view, onSelect: on.onView },
    ...(can.relate ? [{ key: 'relate', icon: <AddRelationIcon />, label: (n: KnowledgeNode) => T.createRelationFrom(n.name), text: T.createRelation, onSelect: on.onCreateRelation }] : []),
    {
      key: 'graph',
      icon: <GraphIcon />,
      label: (n) => T.viewGraphOf(n.name),
      text: T.viewGraph,
      onSelect: on.onViewGraph,
      inert: (n) => (n.hasRelations ? undefined : T.noRelations),
      inertClassName: 'kg-icon-btn--inert',
    },
    ...(can.update ? [{ key: 'edit', icon: <EditIcon />, label: (n: KnowledgeNode) => T.editNamed(n.name), text: T.edit, onSelect: on.onEdit }] : []),
    ...(can.delete
      ? [{ key: 'delete', icon: <TrashIcon />, label: (n: KnowledgeNode) => T.deleteNamed(n.name), text: T.delete, onSelect: on.onDelete, className: 'kg-icon-btn--danger', divider: true }]
      : []),
  ];
}
