import { useActorRef, useSelector } from '@xstate/react';
import { PROPOSAL_TEXTS } from '../../contract/texts/knowledge/proposals';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { relationsApi } from '../../api/knowledge/relations';
import { typesApi } from '../../api/knowledge/types';
import { LIMITS } from '../../contract/limits';
import { RELATION_TEXTS as T } from '../../contract/texts/relations';
import type { Relation } from '../../contract/knowledge/relations';
import { confirmDeleteMachine } from '../../machines/confirm-delete.machine';
import { Button } from '../../ui/Button';
import { FilteredEmpty } from '../../ui/table/FilteredEmpty';
import { DeletionDialog } from '../parts/deletion';
import { PlusIcon } from '../../ui/icons';
import { cappedTotalText } from '../../contract/texts/common';
import { Pagination } from '../../ui/table/Pagination';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { useLoad } from '../hooks/use-load';
import { useNarrow } from '../hooks/use-narrow';
import { useToast } from '../hooks/use-toast';
import { RELATION_UPLOAD_BUTTON_TEXTS } from '../../contract/texts/imports';
import { NodeUploadButtons } from '../parts/upload';
import { RelationFilters } from './RelationFilters';
import { displayName, RelationTable, type RelationActions } from './RelationTable';
import { draftOf, relationChangedFields, type RelationDraft } from './form/relation-form';
import { useRelationList } from './use-relation-list';
import { useLiveChanges } from '../hooks/use-live-changes';
import { useLatest } from '../../ui/use-latest';

export interface RelationListProps extends Omit<RelationActions, 'onDelete'> {
  api: ApiClient;
  /** Server origin of the import dialog's calls ('' = this page's origin). */
  apiBase: string;
  canCreate: boolean;
  onCreate: () => void;
  /** A relation was deleted here. */
  onDeleted: (relationId: string) => void;
  /** Start filtered to the relations that break their type's rule. */
  ruleViolations?: boolean;
}

/** Relations list (spec §2 "Relations list", §8 Relations). */
export function RelationList({ api, apiBase, canCreate, onCreate, onDeleted, ruleViolations, ...actions }: RelationListProps) {
  const calls = useMemo(() => relationsApi(api), [api]);
  const types = useLoad((signal) => typesApi(api, 'relation').list(signal));
  const { toast, show, close } = useToast();
  const { list, query, change } = useRelationList(calls, () => show(T.loadFailed, 'error'), ruleViolations);
  // Live changes: relations, their types and the end nodes' names (or deletions) shown in the rows.
  useLiveChanges(
    api,
    (c) => c.entityType === 'relation' || c.entityType === 'relation_type' || (c.entityType === 'node' && c.action !== 'create'),
    (changes, resync) => {
      list.reload();
      if (resync || changes.some((c) => c.entityType === 'relation_type')) void types.reload();
    },
  );
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;

  const deletion = useActorRef(confirmDeleteMachine, { input: { remove: calls.remove, fallback: T.deleteFailed } });
  const deleteError = useSelector(deletion, (s) => s.context.error);
  const latest = useLatest({ show, list, query, change, onDeleted });
  // The filter bar keeps the typed search itself: a new key starts it from the cleared query.
  const [filtersKey, setFiltersKey] = useState(0);
  const filtered = !!(query.search.trim() || query.relationType || query.ruleViolations);
  const clearFilters = () => {
    change({ search: '', relationType: '', ruleViolations: false });
    setFiltersKey((k) => k + 1);
  };
  useEffect(() => {
    const sub = deletion.on('delete.done', ({ target }) => {
      const { list: l, query: q, change: c } = latest.current;
      latest.current.show(T.deleted);
      latest.current.onDeleted(target.id);
      // The last row of a page beyond the first: go back one page; else load this page again.
      if ((l.data?.data.length ?? 0) <= 1 && q.page > 0) c({ page: q.page - 1 });
      else l.reload();
    });
    // Review mode kept the delete as a proposal: the row stays; the toast says where it went.
    const proposed = deletion.on('delete.proposed', () => latest.current.show(PROPOSAL_TEXTS.sent));
    return () => {
      sub.unsubscribe();
      proposed.unsubscribe();
    };
  }, [deletion, latest]);
  useEffect(() => {
    if (deleteError) show(T.deleteFailed, 'error');
  }, [deleteError, show]);

  const typeNames = (types.data ?? []).map((t) => t.name);
  // The row's version goes with the delete: a relation changed since the list was loaded is asked about again.
  const onDelete = (r: Relation) => deletion.send({ type: 'delete.open', target: { id: r.id, name: displayName(r), version: r.version, seen: draftOf(r) } });

  return (
    <div ref={box} className="kg-admin__screen kg-relations" data-narrow={narrow || undefined} part="list">
      <AdminHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          canCreate && (
            <>
              {/* Bulk relation import: the node upload's buttons and dialog for relations. */}
              <NodeUploadButtons kind="relations" texts={RELATION_UPLOAD_BUTTON_TEXTS} apiBase={apiBase} onUploaded={list.reload} />
              <Button startIcon={<PlusIcon />} onClick={onCreate}>
                {T.addNew}
              </Button>
            </>
          )
        }
      />
      <RelationFilters
        key={filtersKey}
        search={query.search}
        relationType={query.relationType}
        relationTypes={typeNames}
        onSearch={(search) => change({ search })}
        onRelationType={(relationType) => change({ relationType })}
        ruleViolations={query.ruleViolations}
        onRuleViolations={(only) => change({ ruleViolations: only })}
      />
      {list.status === 'loading' && <BlockSpinner label={T.loading} />}
      {list.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={list.reload} />}
      {list.status === 'ready' && (
        <section className="kg-admin__list" aria-label={T.title}>
          <RelationTable
            rows={rows}
            narrow={narrow}
            sort={query.sort}
            onSortChange={(sort) => change({ sort })}
            busy={list.refreshing}
            empty={filtered ? <FilteredEmpty text={T.noMatches} onClear={clearFilters} /> : T.empty}
            onDelete={onDelete}
            {...actions}
          />
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={total}
            totalText={cappedTotalText(total, list.data?.pagination.totalCapped)}
            more={list.data?.pagination.totalCapped}
            pageSizes={LIMITS.listPageSizes}
            onPageChange={(page) => change({ page })}
            onPageSizeChange={(pageSize) => change({ pageSize })}
          />
        </section>
      )}
      {/* The server leaves out the note for readers who may not see it: both sides then lack it alike. */}
      <DeletionDialog
        deletion={deletion}
        title={T.deleteTitle}
        confirmLabel={T.delete}
        busyLabel={T.deleting}
        compare={(now, seen) => relationChangedFields(now as Relation, seen as RelationDraft, true)}
      >
        <p>{T.deleteQuestion}</p>
      </DeletionDialog>
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
