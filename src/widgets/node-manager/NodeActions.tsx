import { lazy, Suspense, useState } from 'react';
import type { KnowledgeNode } from '../../contract/nodes';
import { IconButton } from '../../ui/Button';
import { EditIcon, EyeIcon, TrashIcon } from '../../ui/icons';
import type { MenuItem, MenuProps } from '../../ui/Menu';
import { Tooltip } from '../../ui/Tooltip';
import { AddRelationIcon, GraphIcon, MoreIcon } from './icons';
import type { NodeAbilities } from './node-format';
import { NODE_TEXTS as T } from '../../contract/texts/nodes';

// The narrow layout's row menu needs floating-ui (~20 KB gzip): it loads when a narrow table first
// renders, not with every node manager (bench/bundle). Until then a look-alike trigger stands in;
// a click on it is kept and the menu opens as soon as it has loaded.
const Menu = lazy(() => import('../../ui/Menu').then((m) => ({ default: m.Menu })));

function LazyMenu(props: MenuProps) {
  const [clicked, setClicked] = useState(false);
  const standIn = (
    <button type="button" aria-label={props.label} title={props.label} aria-haspopup="menu" aria-expanded={clicked} className="kg-icon-btn" onClick={() => setClicked(true)}>
      {props.trigger}
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      <Menu {...props} defaultOpen={clicked} />
    </Suspense>
  );
}

export interface NodeRowHandlers {
  onView: (node: KnowledgeNode) => void;
  onCreateRelation: (node: KnowledgeNode) => void;
  onViewGraph: (node: KnowledgeNode) => void;
  onEdit: (node: KnowledgeNode) => void;
  onDelete: (node: KnowledgeNode) => void;
}

export interface NodeActionsProps extends NodeRowHandlers {
  node: KnowledgeNode;
  can: NodeAbilities;
  /** Narrow: one menu button instead of a row of icon buttons. */
  compact: boolean;
}

/**
 * A node's row actions (spec §2): View, Create Relation, View Graph (inert with the tooltip
 * 'No relations exist' when the node has none), Edit, Delete. Write actions only for users who may.
 */
export function NodeActions({ node, can, compact, ...on }: NodeActionsProps) {
  const name = node.name;
  if (compact) {
    const items: MenuItem[] = [
      { key: 'view', label: T.view, icon: <EyeIcon />, onSelect: () => on.onView(node) },
      ...(can.relate ? [{ key: 'relate', label: T.createRelation, icon: <AddRelationIcon />, onSelect: () => on.onCreateRelation(node) }] : []),
      {
        key: 'graph',
        label: node.hasRelations ? T.viewGraph : `${T.viewGraph} (${T.noRelations})`,
        icon: <GraphIcon />,
        disabled: !node.hasRelations,
        onSelect: () => on.onViewGraph(node),
      },
      ...(can.update ? [{ key: 'edit', label: T.edit, icon: <EditIcon />, onSelect: () => on.onEdit(node) }] : []),
      ...(can.delete ? [{ key: 'delete', label: T.delete, icon: <TrashIcon />, onSelect: () => on.onDelete(node), divider: true }] : []),
    ];
    return (
      <span className="kg-nodes__actions">
        <LazyMenu label={T.actionsFor(name)} trigger={<MoreIcon />} items={items} />
      </span>
    );
  }
  return (
    <span className="kg-nodes__actions">
      <IconButton label={T.viewNamed(name)} title={T.view} onClick={() => on.onView(node)}>
        <EyeIcon />
      </IconButton>
      {can.relate && (
        <IconButton label={T.createRelationFrom(name)} title={T.createRelation} onClick={() => on.onCreateRelation(node)}>
          <AddRelationIcon />
        </IconButton>
      )}
      {node.hasRelations ? (
        <IconButton label={T.viewGraphOf(name)} title={T.viewGraph} onClick={() => on.onViewGraph(node)}>
          <GraphIcon />
        </IconButton>
      ) : (
        <Tooltip content={T.noRelations}>
          <IconButton label={T.viewGraphOf(name)} title="" aria-disabled="true" className="kg-icon-btn--inert">
            <GraphIcon />
          </IconButton>
        </Tooltip>
      )}
      {can.update && (
        <IconButton label={T.editNamed(name)} title={T.edit} onClick={() => on.onEdit(node)}>
          <EditIcon />
        </IconButton>
      )}
      {can.delete && (
        <IconButton label={T.deleteNamed(name)} title={T.delete} className="kg-icon-btn--danger" onClick={() => on.onDelete(node)}>
          <TrashIcon />
        </IconButton>
      )}
    </span>
  );
}
