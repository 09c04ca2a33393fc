import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiClient } from '../../api/client';
import { SNOMED_TEXTS as T } from '../../contract/texts/snomed';
import { LIMITS } from '../../contract/limits';
import type { SnomedImportResult } from '../../contract/knowledge/imports';
import type { SnomedConcept } from '../../contract/knowledge/snomed';
import { ConceptBrowserDialog } from '../parts/snomed-concept';
import { ConceptHitList } from './ConceptHitList';
import { confirmDeleteMachine } from '../../machines/confirm-delete.machine';
import { Button } from '../../ui/Button';
import { DeletionDialog } from '../parts/deletion';
import { loadSnomedImportFlow } from '../parts/snomed-import';
import { UploadIcon } from '../../ui/icons';
import { Pagination } from '../../ui/table/Pagination';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { useEver } from '../hooks/use-ever';
import { useNarrow } from '../hooks/use-narrow';
import { useToast } from '../hooks/use-toast';
import { conceptName, totalText } from './concept-format';
import { SnomedFilters } from './SnomedFilters';
import { FilteredEmpty } from '../../ui/table/FilteredEmpty';
import { SnomedList } from './SnomedList';
import { FIRST_QUERY, isFiltered, useSnomedList } from './use-snomed-list';
import { useLatest } from '../../ui/use-latest';

// The dialogs load when first opened, not with the list (the element's size budget: bench/bundle).
const ConceptDetailsDialog = lazy(() => import('./ConceptDetailsDialog').then((m) => ({ default: m.ConceptDetailsDialog })));
// The import (its machine, dialogs and their styles) loads on the first press of Import.
const SnomedImportFlow = lazy(() => loadSnomedImportFlow().then((m) => ({ default: m.SnomedImportFlow })));

export interface SnomedManagementProps {
  apiBase: string;
  /** admin and editor (nodes.create): the Import SNOMED button. */
  canImport: boolean;
  /** admin (system.config): the Delete action; the server enforces it too. */
  canDelete: boolean;
}

/** The SNOMED CT Management screen (spec §2, §4, §8). */
export function SnomedManagement({ apiBase, canImport, canDelete }: SnomedManagementProps) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const { toast, show, close } = useToast();
  const { calls, list, query, change } = useSnomedList(apiBase, () => show(T.loadFailed, 'error'));
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const [details, setDetails] = useState<SnomedConcept | null>(null);
  const [browsing, setBrowsing] = useState<string | null>(null);
  const [fsn, setFsn] = useState(false);
  const shown = list.data;
  const rows = shown?.view === 'row' ? shown.data : [];
  const total = list.data?.pagination.total ?? 0;

  const [importRequests, setImportRequests] = useState(0);
  const importDone = useCallback(
    (result: SnomedImportResult) => {
      if (result.summary.errors === 0) show(T.imported);
      list.reload();
    },
    [show, list],
  );

  const deletion = useActorRef(confirmDeleteMachine, { input: { remove: calls.remove, fallback: T.deleteFailed } });
  const deleteError = useSelector(deletion, (s) => s.context.error);
  const deleteTarget = useSelector(deletion, (s) => s.context.target);
  const latest = useLatest({ show, list, query, change });
  useEffect(() => {
    const sub = deletion.on('delete.done', () => {
      const { list: l, query: q, change: c } = latest.current;
      latest.current.show(T.deleted);
      // The last row of a page beyond the first: go back one page; else load this page again.
      if ((l.data?.data.length ?? 0) <= 1 && q.page > 0) c({ page: q.page - 1 });
      else l.reload();
    });
    return () => sub.unsubscribe();
  }, [deletion, latest]);
  // A failed delete is told in a toast (spec §8); the dialog stays open to try again.
  useEffect(() => {
    if (deleteError) show(deleteError, 'error');
  }, [deleteError, show]);
  const detailsNeeded = useEver(details !== null);
  const empty = isFiltered(query) ? (
    <FilteredEmpty text={T.empty} onClear={() => change({ search: FIRST_QUERY.search, status: FIRST_QUERY.status, descendantOf: null })} />
  ) : (
    T.empty
  );

  return (
    <div ref={box} className="kg-admin__screen" data-narrow={narrow || undefined}>
      <AdminHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          canImport && (
            <Button startIcon={<UploadIcon />} onClick={() => setImportRequests((n) => n + 1)}>
              {T.importButton}
            </Button>
          )
        }
      />
      <SnomedFilters
        api={api}
        view={query.view}
        onView={(view) => change({ view })}
        fsn={fsn}
        onFsn={setFsn}
        descendantOf={query.descendantOf}
        onDescendantOf={(descendantOf) => change({ descendantOf })}
        search={query.search}
        status={query.status}
        refreshing={list.refreshing}
        onSearch={(search) => change({ search })}
        onStatus={(status) => change({ status })}
        onRefresh={() => change({ search: FIRST_QUERY.search, status: FIRST_QUERY.status, descendantOf: null })}
      />

      {list.status === 'loading' && <BlockSpinner label={T.loading} />}
      {list.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={list.reload} />}
      {list.status === 'ready' && (
        <section className="kg-admin__list" aria-label={T.listLabel}>
          {shown?.view === 'concept' ? (
            <ConceptHitList hits={shown.data} narrow={narrow} fsn={fsn} busy={list.refreshing} onOpen={(h) => setBrowsing(h.concept_id)} empty={empty} />
          ) : (
            <SnomedList
              rows={rows}
              narrow={narrow}
              sort={query.sort}
              onSortChange={(sort) => change({ sort })}
              busy={list.refreshing}
              canDelete={canDelete}
              empty={empty}
              onView={setDetails}
              onDelete={(c) => deletion.send({ type: 'delete.open', target: { id: c.id, name: conceptName(c) } })}
            />
          )}
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={total}
            totalText={totalText(total, list.data?.pagination.totalCapped)}
            pageSizes={LIMITS.snomedPageSizes}
            onPageChange={(page) => change({ page })}
            onPageSizeChange={(pageSize) => change({ pageSize })}
          />
        </section>
      )}

      {detailsNeeded && (
        <Suspense fallback={null}>
          <ConceptDetailsDialog
            concept={details}
            onClose={() => setDetails(null)}
            onBrowse={(id) => {
              setDetails(null);
              setBrowsing(id);
            }}
          />
        </Suspense>
      )}
      <ConceptBrowserDialog api={api} conceptId={browsing} onClose={() => setBrowsing(null)} />
      <DeletionDialog deletion={deletion} title={T.deleteTitle} confirmLabel={T.deleteButton} busyLabel={T.deleting}>
        <p>{T.deleteQuestion(deleteTarget?.name ?? '')}</p>
      </DeletionDialog>
      {canImport && importRequests > 0 && (
        <Suspense fallback={null}>
          <SnomedImportFlow api={api} calls={calls} openRequests={importRequests} onDone={importDone} onNotify={show} />
        </Suspense>
      )}
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
