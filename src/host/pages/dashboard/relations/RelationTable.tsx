import type { ReactNode } from 'react';
import { DASHBOARD_TEXTS } from '../../../../contract/texts/dashboard';
import type { Relation } from '../../../../contract/knowledge/relations';
import { Chip, DataTable, Pagination, type Column } from '../../../../ui';
import { LIMITS } from '../../../../contract/limits';
import type { DashboardAbilities } from '../can';
import { RelationActions, type RelationActionHandlers } from './RelationActions';
import { relationName, sourceName, targetName } from './relation-view';
import type { TablePaging } from '../../../../ui';

export const RELATION_SORT_VALUES: Record<string, (r: Relation) => string | null> = {
  name: relationName,
  type: (r) => r.relationType,
  source: sourceName,
  target: targetName,
};

function EndCell({ name, type }: { name: string; type?: string }) {
  return (
    <span className="kg-dash-table__end">
      <span>{name}</span>
      {type && <span className="kg-dash-end__type">{type}</span>}
    </span>
  );
}

interface RelationTableProps {
  paging: TablePaging<Relation>;
  can: DashboardAbilities;
  handlers: RelationActionHandlers;
  empty: ReactNode;
  busy: boolean;
}

/** Spec §2 relation table: Relation Name, Type, Source Node, Target Node, Description, Actions; sticky header; paged on the client over the loaded rows. */
export function RelationTable({ paging, can, handlers, empty, busy }: RelationTableProps) {
  const columns: Column<Relation>[] = [
    { key: 'name', header: DASHBOARD_TEXTS.columns.relationName, sortValue: RELATION_SORT_VALUES.name, render: (r) => <span className="kg-dash-table__name">{relationName(r)}</span> },
    { key: 'type', header: DASHBOARD_TEXTS.columns.type, sortValue: RELATION_SORT_VALUES.type, render: (r) => <Chip color="secondary">{r.relationType}</Chip> },
    { key: 'source', header: DASHBOARD_TEXTS.columns.sourceNode, sortValue: RELATION_SORT_VALUES.source, render: (r) => <EndCell name={sourceName(r)} type={r.sourceNode?.nodeType} /> },
    { key: 'target', header: DASHBOARD_TEXTS.columns.targetNode, sortValue: RELATION_SORT_VALUES.target, render: (r) => <EndCell name={targetName(r)} type={r.targetNode?.nodeType} /> },
    { key: 'description', header: DASHBOARD_TEXTS.columns.description, render: (r) => <span className="kg-dash-table__desc">{r.description || '—'}</span> },
    { key: 'actions', header: DASHBOARD_TEXTS.columns.actions, render: (r) => <RelationActions relation={r} can={can} handlers={handlers} /> },
  ];
  return (
    <div className="kg-dash-table">
      <DataTable label={DASHBOARD_TEXTS.relations.table} columns={columns} rows={paging.rows} rowKey={(r) => r.id} sort={paging.sort} onSortChange={paging.setSort} empty={empty} maxHeight="560px" busy={busy} />
      <Pagination {...paging.pagination} pageSizes={LIMITS.dashboardPageSizes} />
    </div>
  );
}
