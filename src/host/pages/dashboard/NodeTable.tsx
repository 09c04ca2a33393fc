import type { ReactNode } from 'react';
import type { KnowledgeNode } from '../../../contract/nodes';
import { Chip, type Column } from '../../../ui';
import type { DashboardAbilities } from './can';
import { NodeActions, type NodeActionHandlers } from './NodeActions';
import { DASHBOARD_TEXTS } from '../../../contract/texts/dashboard';
import { PagedTable } from './PagedTable';
import type { TablePaging } from '../../../ui';

export const NODE_SORT_VALUES: Record<string, (n: KnowledgeNode) => string | null> = {
  name: (n) => n.name,
  type: (n) => n.nodeType,
  snomed: (n) => n.snomedCode,
  description: (n) => n.description,
};

interface NodeTableProps {
  paging: TablePaging<KnowledgeNode>;
  can: DashboardAbilities;
  handlers: NodeActionHandlers;
  empty: ReactNode;
  busy: boolean;
}

/** Spec §2 node table: Node Name, Type, SNOMED, Description, Actions; sticky header; paged. */
export function NodeTable({ paging, can, handlers, empty, busy }: NodeTableProps) {
  const columns: Column<KnowledgeNode>[] = [
    { key: 'name', header: DASHBOARD_TEXTS.columns.nodeName, sortValue: NODE_SORT_VALUES.name, render: (n) => <span className="kg-dash-table__name">{n.name}</span> },
    { key: 'type', header: DASHBOARD_TEXTS.columns.type, sortValue: NODE_SORT_VALUES.type, render: (n) => <Chip color="primary" tint={n.nodeTypeColor}>{n.nodeType}</Chip> },
    { key: 'snomed', header: DASHBOARD_TEXTS.columns.snomed, sortValue: NODE_SORT_VALUES.snomed, render: (n) => n.snomedCode ?? '—' },
    {
      key: 'description',
      header: DASHBOARD_TEXTS.columns.description,
      render: (n) => <span className="kg-dash-table__desc">{n.description || DASHBOARD_TEXTS.noDescription}</span>,
    },
    { key: 'actions', header: DASHBOARD_TEXTS.columns.actions, render: (n) => <NodeActions node={n} can={can} handlers={handlers} /> },
  ];
  return <PagedTable label={DASHBOARD_TEXTS.nodes.table} columns={columns} paging={paging} rowKey={(n) => n.id} empty={empty} busy={busy} />;
}
