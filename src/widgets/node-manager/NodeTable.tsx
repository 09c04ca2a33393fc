import type { ReactNode } from 'react';
import type { KnowledgeNode } from '../../contract/nodes';
import { Chip } from '../../ui/Chip';
import { DataTable, type Column } from '../../ui/DataTable';
import type { SortState } from '../../ui/table-sort';
import { formatDate } from '../format';
import { NodeActions, type NodeRowHandlers } from './NodeActions';
import type { NodeAbilities } from './node-format';
import { SnomedDriftBadge } from './SnomedDriftBadge';
import { NODE_TEXTS as T } from '../../contract/texts/nodes';

export interface NodeViewProps extends NodeRowHandlers {
  rows: readonly KnowledgeNode[];
  can: NodeAbilities;
  busy: boolean;
  /** What an empty list says (default: 'No knowledge nodes found'); the list adds 'Clear filters' when filtered. */
  empty?: ReactNode;
}

export interface NodeTableProps extends NodeViewProps {
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  /** Small screens: no Description column, the actions in a menu. */
  narrow: boolean;
}

/** NodeName: the node's name as a link-styled button to its detail view, and the SNOMED review badge when it has one. */
export function NodeName({ node, onView }: { node: KnowledgeNode; onView: (node: KnowledgeNode) => void }) {
  return (
    <span className="kg-nodes__name-cell">
      <button type="button" className="kg-nodes__name" onClick={() => onView(node)}>
        {node.name}
      </button>
      {node.snomedDrift && <SnomedDriftBadge drift={node.snomedDrift} />}
    </span>
  );
}

/**
 * The table view: sortable by name, type, created and updated (the server sorts, see
 * use-node-list); the Description column is hidden on small screens (spec §2).
 */
export function NodeTable({ rows, can, busy, sort, onSortChange, narrow, empty, ...on }: NodeTableProps) {
  const columns: Column<KnowledgeNode>[] = [
    { key: 'name', header: T.colName, sortValue: (n) => n.name, render: (n) => <NodeName node={n} onView={on.onView} /> },
    { key: 'nodeType', header: T.colType, sortValue: (n) => n.nodeType, render: (n) => <Chip color="default" tint={n.nodeTypeColor} className="kg-nodes__type">{n.nodeType}</Chip> },
    ...(narrow
      ? []
      : [{ key: 'description', header: T.colDescription, render: (n: KnowledgeNode) => <span className="kg-nodes__desc">{n.description || T.noValue}</span> }]),
    { key: 'createdAt', header: T.colCreated, sortValue: (n) => n.createdAt, render: (n) => <span className="kg-nodes__date">{formatDate(n.createdAt, T.noValue)}</span> },
    { key: 'updatedAt', header: T.colUpdated, sortValue: (n) => n.updatedAt, render: (n) => <span className="kg-nodes__date">{formatDate(n.updatedAt, T.noValue)}</span> },
    {
      key: 'actions',
      header: T.colActions,
      align: 'right',
      hideHeader: narrow,
      render: (n) => <NodeActions node={n} can={can} compact={narrow} {...on} />,
    },
  ];
  return (
    <DataTable
      label={T.title}
      className="kg-nodes-table"
      columns={columns}
      rows={rows}
      rowKey={(n) => n.id}
      sort={sort}
      onSortChange={onSortChange}
      empty={empty ?? T.empty}
      busy={busy}
      maxHeight="min(70vh, 720px)"
    />
  );
}
