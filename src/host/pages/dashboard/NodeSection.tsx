import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { nodesApi } from '../../../api/nodes';
import type { KnowledgeNode } from '../../../contract/nodes';
import { Alert, Button, Spinner } from '../../../ui';
import { PlusIcon, SearchIcon } from '../../../ui/icons';
import { openGraph } from '../../graph/open-graph';
import { api } from '../../session';
import type { DashboardAbilities } from './can';
import { DeleteDialog } from './DeleteDialog';
import type { NodeActionHandlers } from './NodeActions';
import { NodeCard } from './NodeCard';
import { NODE_SORT_VALUES, NodeTable } from './NodeTable';
import { SectionHeader } from './SectionHeader';
import { ShownOf } from './ShownOf';
import { DASHBOARD_TEXTS as T } from './texts';
import { LIST_LIMIT, useDashboardList, useDebounced, useViewMode } from './use-dashboard-list';
import { useTablePaging } from './use-table-paging';

interface NodeSectionProps {
  can: DashboardAbilities;
  notify: (message: string, severity?: 'success' | 'error') => void;
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
export function NodeSection({ can, notify, onDeleted, refreshKey }: NodeSectionProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useViewMode('nodes');
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), 300);
  const list = useDashboardList(
    (signal) => nodesApi(api).list({ search: search || undefined, searchScope: 'extended', limit: LIST_LIMIT[mode] }, signal),
    `${mode}|${search}|${refreshKey}`,
  );
  const paging = useTablePaging(list.items, NODE_SORT_VALUES);
  const [toDelete, setToDelete] = useState<KnowledgeNode | null>(null);
  const pending = query.trim() !== search || list.loading;

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

  const remove = async (node: KnowledgeNode) => {
    try {
      await nodesApi(api).remove(node.id);
      notify(T.nodeDeleted);
      list.reload();
      onDeleted();
    } catch (err) {
      console.error('Failed to delete knowledge node', err);
      notify(T.deleteNodeFailed, 'error');
    }
  };

  const empty = search ? T.noNodesMatch : T.noNodes;
  const loaded = !list.loading || list.items.length > 0;
  return (
    <section className="kg-dash-section" aria-labelledby="kg-dash-nodes">
      <SectionHeader
        id="kg-dash-nodes"
        title={T.nodesTitle}
        mode={mode}
        onModeChange={setMode}
        action={
          can.createNode && (
            <Button startIcon={<PlusIcon />} onClick={() => navigate('/nodes/new')}>
              {T.addNode}
            </Button>
          )
        }
      />
      <div className="kg-dash-search">
        <SearchIcon className="kg-dash-search__icon" />
        <input
          type="search"
          className="kg-dash-search__input"
          aria-label="Search nodes"
          placeholder={T.nodeSearchPlaceholder}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            paging.setPage(0);
          }}
        />
        {pending && <Spinner size={18} label="Searching nodes" />}
      </div>
      {list.failed && <Alert severity="error">{T.loadFailed}</Alert>}
      {!loaded ? (
        <div className="kg-dash-loading">
          <Spinner size={28} label="Loading nodes" />
        </div>
      ) : mode === 'grid' ? (
        list.items.length === 0 ? (
          <p className="kg-dash-empty">{empty}</p>
        ) : (
          <>
            <div className="kg-dash-grid" aria-busy={list.loading || undefined}>
              {list.items.map((n) => (
                <NodeCard key={n.id} node={n} can={can} handlers={handlers} />
              ))}
            </div>
            <ShownOf shown={list.items.length} total={list.total} noun="nodes" />
          </>
        )
      ) : (
        <>
          <NodeTable paging={paging} can={can} handlers={handlers} empty={empty} busy={list.loading} />
          <ShownOf shown={list.items.length} total={list.total} noun="nodes" />
        </>
      )}
      <DeleteDialog target={toDelete} title="Delete Node" name={(n) => n.name} onConfirm={remove} onClose={() => setToDelete(null)} />
    </section>
  );
}
