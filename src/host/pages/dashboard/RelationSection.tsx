import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { relationsApi } from '../../../api/relations';
import type { Relation } from '../../../contract/relations';
import { Alert, Button, Spinner } from '../../../ui';
import { PlusIcon, SearchIcon } from '../../../ui/icons';
import { openGraph } from '../../graph/open-graph';
import { api } from '../../session';
import type { DashboardAbilities } from './can';
import { DeleteDialog } from './DeleteDialog';
import type { RelationActionHandlers } from './RelationActions';
import { RelationCard } from './RelationCard';
import { RELATION_SORT_VALUES, RelationTable } from './RelationTable';
import { matchesRelation, relationName } from './relation-view';
import { SectionHeader } from './SectionHeader';
import { ShownOf } from './ShownOf';
import { DASHBOARD_TEXTS as T } from './texts';
import { LIST_LIMIT, useDashboardList, useViewMode } from './use-dashboard-list';
import { useTablePaging } from './use-table-paging';

interface RelationSectionProps {
  can: DashboardAbilities;
  notify: (message: string, severity?: 'success' | 'error') => void;
  /** A relation was deleted: the node list (hasRelations) and the totals changed too. */
  onDeleted: () => void;
  refreshKey: number;
}

/** The dashboard's Relations section (spec §2); its search filters the loaded relations at once. */
export function RelationSection({ can, notify, onDeleted, refreshKey }: RelationSectionProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useViewMode('relations');
  const [query, setQuery] = useState('');
  const list = useDashboardList((signal) => relationsApi(api).list({ limit: LIST_LIMIT[mode] }, signal), `${mode}|${refreshKey}`);
  const matches = useMemo(() => list.items.filter((r) => matchesRelation(r, query)), [list.items, query]);
  const paging = useTablePaging(matches, RELATION_SORT_VALUES);
  const [toDelete, setToDelete] = useState<Relation | null>(null);

  const handlers: RelationActionHandlers = useMemo(
    () => ({
      onViewInGraph: (r) => openGraph({ focusNodeId: r.sourceNodeId, relationType: r.relationType }),
      onEdit: (r) => navigate(`/relations/${r.id}/edit`),
      onDelete: setToDelete,
    }),
    [navigate],
  );

  const remove = async (relation: Relation) => {
    try {
      await relationsApi(api).remove(relation.id);
      notify(T.relationDeleted);
      list.reload();
      onDeleted();
    } catch (err) {
      console.error('Failed to delete relation', err);
      notify(T.deleteRelationFailed, 'error');
    }
  };

  const searching = query.trim() !== '';
  const empty = searching ? T.noRelationsMatch : T.noRelations;
  const loaded = !list.loading || list.items.length > 0;
  return (
    <section className="kg-dash-section" aria-labelledby="kg-dash-relations">
      <SectionHeader
        id="kg-dash-relations"
        title={T.relationsTitle}
        mode={mode}
        onModeChange={setMode}
        action={
          can.createRelation && (
            <Button startIcon={<PlusIcon />} onClick={() => navigate('/relations/new')}>
              {T.addRelation}
            </Button>
          )
        }
      />
      <div className="kg-dash-search">
        <SearchIcon className="kg-dash-search__icon" />
        <input
          type="search"
          className="kg-dash-search__input"
          aria-label="Search relations"
          placeholder={T.relationSearchPlaceholder}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            paging.setPage(0);
          }}
        />
      </div>
      {list.failed && <Alert severity="error">{T.loadFailed}</Alert>}
      {!loaded ? (
        <div className="kg-dash-loading">
          <Spinner size={28} label="Loading relations" />
        </div>
      ) : mode === 'grid' ? (
        matches.length === 0 ? (
          <p className="kg-dash-empty">{searching ? T.noRelationsMatch : T.noRelationsGrid}</p>
        ) : (
          <>
            <div className="kg-dash-grid" aria-busy={list.loading || undefined}>
              {matches.map((r) => (
                <RelationCard key={r.id} relation={r} can={can} handlers={handlers} />
              ))}
            </div>
            {!searching && <ShownOf shown={list.items.length} total={list.total} noun="relations" />}
          </>
        )
      ) : (
        <>
          <RelationTable paging={paging} can={can} handlers={handlers} empty={empty} busy={list.loading} />
          {!searching && <ShownOf shown={list.items.length} total={list.total} noun="relations" />}
        </>
      )}
      <DeleteDialog target={toDelete} title="Delete Relation" name={relationName} onConfirm={remove} onClose={() => setToDelete(null)} />
    </section>
  );
}
