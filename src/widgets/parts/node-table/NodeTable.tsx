import type { ReactNode } from 'react';
import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { Chip, type ChipProps } from '../../../ui/Chip';
import { DataTable, type Column } from '../../../ui/table/DataTable';
import type { SortState } from '../../../ui/table/table-sort';
import { formatDate } from '../../format';
import { SnomedDriftBadge } from './SnomedDriftBadge';

/** The columns a node table can show; each screen lists the ones it shows, in order. */
export type NodeColumnKey = 'name' | 'nodeType' | 'snomedCode' | 'description' | 'createdAt' | 'updatedAt' | 'actions';

/** What each sortable column sorts by (the keys are the server's sort keys too). */
export const NODE_SORT_VALUES: Record<string, (n: KnowledgeNode) => string | null> = {
  name: (n) => n.name,
  nodeType: (n) => n.nodeType,
  snomedCode: (n) => n.snomedCode,
  createdAt: (n) => n.createdAt,
  updatedAt: (n) => n.updatedAt,
};

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

/** The type as a chip in the type's stored colour (one line, cut with an ellipsis). */
export function NodeTypeChip({ node, color = 'default' }: { node: KnowledgeNode; color?: ChipProps['color'] }) {
  return (
    <Chip color={color} tint={node.nodeTypeColor} className="kg-nodes__type">
      {node.nodeType}
    </Chip>
  );
}

export interface NodeTableProps {
  /** Names the table for assistive technology. */
  label: string;
  columns: readonly NodeColumnKey[];
  /** The header of each listed column. */
  headers: Partial<Record<NodeColumnKey, string>>;
  rows: readonly KnowledgeNode[];
  sort: SortState | null;
  onSortChange: (sort: SortState) => void;
  /** The Actions cell (see NodeActions). */
  actions: (node: KnowledgeNode) => ReactNode;
  /** With it the name is a button to the node's detail view; without, plain text. */
  onView?: (node: KnowledgeNode) => void;
  /** What an empty code or date shows. */
  noValue: string;
  /** What an empty description shows (default: noValue). */
  noDescription?: string;
  chipColor?: ChipProps['color'];
  /** How the Actions column sits: at the end, its header for screen readers only… */
  actionsColumn?: Pick<Column<KnowledgeNode>, 'align' | 'hideHeader'>;
  empty: ReactNode;
  busy: boolean;
  maxHeight: string;
  className?: string;
}

/**
 * A table of nodes built from a column list: name (with its SNOMED review badge), type chip,
 * SNOMED code, description clamped to two lines, dates and the actions. Sorting is the owner's
 * (the server's or the loaded rows'): the table only reports the header clicked.
 */
export function NodeTable({ columns, headers, actions, onView, noValue, noDescription = noValue, chipColor, actionsColumn, ...table }: NodeTableProps) {
  const cells: Record<NodeColumnKey, (n: KnowledgeNode) => ReactNode> = {
    name: (n) => (onView ? <NodeName node={n} onView={onView} /> : <span className="kg-node-table__name">{n.name}</span>),
    nodeType: (n) => <NodeTypeChip node={n} color={chipColor} />,
    snomedCode: (n) => n.snomedCode ?? noValue,
    description: (n) => <span className="kg-nodes__desc">{n.description || noDescription}</span>,
    createdAt: (n) => <span className="kg-nodes__date">{formatDate(n.createdAt, noValue)}</span>,
    updatedAt: (n) => <span className="kg-nodes__date">{formatDate(n.updatedAt, noValue)}</span>,
    actions,
  };
  const list: Column<KnowledgeNode>[] = columns.map((key) => ({
    key,
    header: headers[key] ?? key,
    render: cells[key],
    sortValue: NODE_SORT_VALUES[key],
    ...(key === 'actions' ? actionsColumn : undefined),
  }));
  return <DataTable {...table} columns={list} rowKey={(n) => n.id} />;
}
