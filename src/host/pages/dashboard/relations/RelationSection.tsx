import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { relationsApi } from '../../../../api/knowledge/relations';
import type { Relation } from '../../../../contract/knowledge/relations';
import { Button, FilteredEmpty, useTablePaging } from '../../../../ui';
import { PlusIcon } from '../../../../ui/icons';
import { openGraph } from '../../../graph/open-graph';
import { LIMITS } from '../../../../contract/limits';
import { api } from '../../../session';
import type { DashboardAbilities } from '../can';
import { DashboardSection } from '../DashboardSection';
import { deleteAction, type Notify } from '../delete-action';
import { DeleteDialog } from '../DeleteDialog';
import type { RelationActionHandlers } from './RelationActions';
import { RelationCard } from './RelationCard';
import { RELATION_SORT_VALUES, RelationTable } from './RelationTable';
import { relationName } from './relation-view';
import { DASHBOARD_TEXTS as T } from '../../../../contract/texts/dashboard';
import { relationFields } from '../delete-fields';
import { LIST_LIMIT, useDashboardList, useDebounced, useViewMode } from '../use-dashboard-list';

interface RelationSectionProps {
  can: DashboardAbilities;
  notify: Notify;
  /** A relation was deleted: the node list (hasRelations) and the totals changed too. */
  onDeleted: () => void;
  refreshKey: number;
}

/**
 * The dashboard's Relations section (spec §2). Like the node search, the search runs on the server
 * (name, type, source, target, description) once typing pauses: filtering only the 15 loaded cards
 * missed almost every match.
 */
/** Live changes that reload the relation cards: relations, their types, and the nodes at their ends. */
const RELATION_LIVE = { types: ['relation', 'relation_type', 'node'] } as const;

export function RelationSection({ can, notify, onDeleted, refreshKey }: RelationSectionProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useViewMode('relations');
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), LIMITS.debounceMs);
  const list = useDashboardList(
    (signal) => relationsApi(api).list({ search: search || undefined, limit: LIST_LIMIT[mode] }, signal),
    `${mode}|${search}|${refreshKey}`,
    RELATION_LIVE,
  );
  const paging = useTablePaging(list.items, RELATION_SORT_VALUES, LIMITS.defaultPageSize);
  const [toDelete, setToDelete] = useState<Relation | null>(null);

  const handlers: RelationActionHandlers = useMemo(
    () => ({
      onViewInGraph: (r) => openGraph({ focusNodeId: r.sourceNodeId, relationType: r.relationType }),
      onEdit: (r) => navigate(`/relations/${r.id}/edit`),
      onDelete: setToDelete,
    }),
    [navigate],
  );
  const remove = deleteAction<Relation>({
    remove: (r, version) => relationsApi(api).remove(r.id, version ?? r.version),
    done: T.relationDeleted,
    failed: T.deleteRelationFailed,
    notify,
    after: () => {
      list.reload();
      onDeleted();
    },
  });

  const searching = search !== '';
  const clearSearch = () => {
    setQuery('');
    paging.setPage(0);
  };
  return (
    <DashboardSection
      id="kg-dash-relations"
      title={T.relationsTitle}
      texts={T.relations}
      mode={mode}
      onModeChange={setMode}
      action={
        can.createRelation && (
          <Button startIcon={<PlusIcon />} onClick={() => navigate('/relations/new')}>
            {T.addRelation}
          </Button>
        )
      }
      search={{
        placeholder: T.relationSearchPlaceholder,
        value: query,
        onChange: (value) => {
          setQuery(value);
          paging.setPage(0);
        },
        pending: query.trim() !== search || list.loading,
      }}
      list={list}
      cards={list.items}
      card={(r) => <RelationCard key={r.id} relation={r} can={can} handlers={handlers} />}
      gridEmpty={searching ? <FilteredEmpty text={T.noRelationsMatch} onClear={clearSearch} /> : T.noRelationsGrid}
      table={<RelationTable paging={paging} can={can} handlers={handlers} empty={searching ? <FilteredEmpty text={T.noRelationsMatch} onClear={clearSearch} /> : T.noRelations} busy={list.loading} />}
    >
      <DeleteDialog target={toDelete} title={T.relations.deleteTitle} name={relationName} onConfirm={remove} onClose={() => setToDelete(null)} fields={relationFields} />
    </DashboardSection>
  );
}

