import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { nodesApi } from '../../../api/knowledge/nodes';
import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { Button, FilteredEmpty, Pagination, useTablePaging } from '../../../ui';
import { PlusIcon } from '../../../ui/icons';
import { openGraph } from '../../graph/open-graph';
import { LIMITS } from '../../../contract/limits';
import { api } from '../../session';
import type { DashboardAbilities } from './can';
import { DashboardSection } from './DashboardSection';
import { deleteAction, type Notify } from './delete-action';
import { DeleteDialog } from './DeleteDialog';
import { dashboardNodeActions, type NodeActionHandlers } from './node-actions';
import { NodeCard } from './NodeCard';
import { NODE_SORT_VALUES, NodeActions, NodeTable, type NodeColumnKey } from '../../../widgets/node-manager';
import { DASHBOARD_TEXTS as T } from '../../../contract/texts/dashboard';
import { nodeFields } from './delete-fields';
import { LIST_LIMIT, useDashboardList, useDebounced, useViewMode } from './use-dashboard-list';

interface NodeSectionProps {
  can: DashboardAbilities;
  notify: Notify;
  /** A node was deleted: its relations and the totals changed too. */
  onDeleted: () => void;
  /** Bumped by the page to reload this list after changes elsewhere. */
  refreshKey: number;
}

/**
 * The dashboard's Knowledge Nodes section (spec §2). The search runs on the server (name, type,
 * SNOMED code, description) 300 ms after typing stops, so it finds nodes beyond the 15 or 1000
 * loaded; the spinner shows while the pause or the request is pending.
 */
/** Spec §2 node table: Node Name, Type, SNOMED, Description, Actions; sticky header; paged on the client. */
const COLUMNS: readonly NodeColumnKey[] = ['name', 'nodeType', 'snomedCode', 'description', 'actions'];

/** Live changes that reload the node cards: nodes, and types (each card shows its type's name and colour). */
const NODE_LIVE = { types: ['node', 'node_type'] } as const;

export function NodeSection({ can, notify, onDeleted, refreshKey }: NodeSectionProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useViewMode('nodes');
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), LIMITS.debounceMs);
  const list = useDashboardList(
    (signal) => nodesApi(api).list({ search: search || undefined, searchScope: 'extended', limit: LIST_LIMIT[mode] }, signal),
    `${mode}|${search}|${refreshKey}`,
    NODE_LIVE,
  );
  const paging = useTablePaging(list.items, NODE_SORT_VALUES, LIMITS.defaultPageSize);
  const [toDelete, setToDelete] = useState<KnowledgeNode | null>(null);

  const handlers: NodeActionHandlers = useMemo(
    () => ({
      onView: (n) => navigate(`/nodes/view/${n.id}`),
      onEdit: (n) => navigate(`/nodes/${n.id}/edit`),
      onCreateRelation: (n) => navigate(`/nodes/${n.id}/relations/new`),
      onViewRelations: (n) => openGraph({ focusNodeId: n.id }),
      onDelete: setToDelete,
    }),
    [navigate],
  );
  const actions = useMemo(() => dashboardNodeActions(can, handlers), [can, handlers]);
  const remove = deleteAction<KnowledgeNode>({
    remove: (n, version) => nodesApi(api).remove(n.id, version ?? n.version),
    done: T.nodeDeleted,
    failed: T.deleteNodeFailed,
    notify,
    after: () => {
      list.reload();
      onDeleted();
    },
  });

  const clearSearch = () => {
    setQuery('');
    paging.setPage(0);
  };
  const empty = search ? <FilteredEmpty text={T.noNodesMatch} onClear={clearSearch} /> : T.noNodes;
  return (
    <DashboardSection
      id="kg-dash-nodes"
      title={T.nodesTitle}
      texts={T.nodes}
      mode={mode}
      onModeChange={setMode}
      action={
        can.createNode && (
          <Button startIcon={<PlusIcon />} onClick={() => navigate('/nodes/new')}>
            {T.addNode}
          </Button>
        )
      }
      search={{
        placeholder: T.nodeSearchPlaceholder,
        value: query,
        onChange: (value) => {
          setQuery(value);
          paging.setPage(0);
        },
        pending: query.trim() !== search || list.loading,
      }}
      list={list}
      cards={list.items}
      card={(n) => <NodeCard key={n.id} node={n} actions={actions} />}
      gridEmpty={empty}
      table={
        <div className="kg-dash-table">
          <NodeTable
            label={T.nodes.table}
            columns={COLUMNS}
            headers={{ name: T.columns.nodeName, nodeType: T.columns.type, snomedCode: T.columns.snomed, description: T.columns.description, actions: T.columns.actions }}
            rows={paging.rows}
            sort={paging.sort}
            onSortChange={paging.setSort}
            actions={(n) => <NodeActions node={n} actions={actions} className="kg-dash-actions" />}
            noValue="—"
            noDescription={T.noDescription}
            chipColor="primary"
            empty={empty}
            busy={list.loading}
            maxHeight="560px"
          />
          <Pagination {...paging.pagination} pageSizes={LIMITS.dashboardPageSizes} />
        </div>
      }
    >
      <DeleteDialog target={toDelete} title={T.nodes.deleteTitle} name={(n) => n.name} onConfirm={remove} onClose={() => setToDelete(null)} fields={nodeFields} />
    </DashboardSection>
  );
}

