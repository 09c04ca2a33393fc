import { useActorRef, useSelector } from '@xstate/react';
import { PROPOSAL_TEXTS } from '../../contract/texts/knowledge/proposals';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiClient } from '../../api/client';
import { typesApi } from '../../api/knowledge/types';
import { LIMITS } from '../../contract/limits';
import type { KnowledgeNode } from '../../contract/knowledge/nodes';
import { confirmDeleteMachine } from '../../machines/confirm-delete.machine';
import { Button } from '../../ui/Button';
import { DeletionDialog } from '../parts/deletion';
import { PlusIcon } from '../../ui/icons';
import { Pagination } from '../../ui/table/Pagination';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { NodeUploadButtons } from '../parts/upload';
import { FhirExportButton } from '../parts/fhir-export';
import { TERMINOLOGY_TEXTS as TT } from '../../contract/texts/admin/terminology';
import { useLoad } from '../hooks/use-load';
import { useNarrow } from '../hooks/use-narrow';
import { useOnChange } from '../hooks/use-on-change';
import { useToast } from '../hooks/use-toast';
import { nodeRowActions, type NodeRowHandlers } from './node-actions';
import { NodeFilters, type NodeLayout } from './NodeFilters';
import { nodeChangedFields, pageAfterDelete, type NodeAbilities, type NodeListState, type NodeQualityFilter } from './node-format';
import { NodeActions, NodeCards, NodeTable, type NodeColumnKey } from '../parts/node-table';
import { SnomedImportButton } from '../parts/snomed-import';
import { FilteredEmpty } from '../../ui/table/FilteredEmpty';
import { cappedTotalText } from '../../contract/texts/common';
import { NODE_TEXTS as T } from '../../contract/texts/nodes';
import { useSmall } from './use-box-width';
import { FIRST_LIST_STATE, useNodeList } from './use-node-list';
import { useLatest } from '../../ui/use-latest';

/** The table's columns (spec §2); small screens drop the description. The server sorts by each but the description. */
const COLUMNS: readonly NodeColumnKey[] = ['name', 'nodeType', 'description', 'createdAt', 'updatedAt', 'actions'];
const NARROW_COLUMNS: readonly NodeColumnKey[] = COLUMNS.filter((c) => c !== 'description');
/** Read when drawn: the active language's headers. */
const headers = () => ({ name: T.colName, nodeType: T.colType, description: T.colDescription, createdAt: T.colCreated, updatedAt: T.colUpdated, actions: T.colActions });

/** The list's query and layout, kept by the owner so that coming back from a node shows the same page. */
export interface NodeListMemory {
  state: NodeListState;
  layout: NodeLayout | null;
}

export interface NodeListProps extends Omit<NodeRowHandlers, 'onDelete'> {
  apiBase: string;
  /** Read when the list mounts and updated as the query changes (uncontrolled widget: list → node → back). */
  memory?: { current: NodeListMemory | null };
  can: NodeAbilities;
  onCreate: () => void;
  /** A node was deleted here. */
  onDeleted: (nodeId: string) => void;
  /** Changing it reloads the page shown. */
  refreshKey?: number;
  /** Opens filtered to this quality finding (instead of the remembered query). */
  quality?: NodeQualityFilter;
}

/** The Knowledge Nodes list (spec §2): search, type filter, table or grid, paging, row actions, delete, bulk upload. */
export function NodeList({ apiBase, can, memory, quality, onCreate, onDeleted, refreshKey, ...on }: NodeListProps) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const { toast, show, close } = useToast();
  const { calls, state, text, setText, list, change } = useNodeList(
    apiBase,
    () => show(T.loadFailed, 'error'),
    quality ? { ...FIRST_LIST_STATE, quality } : memory?.current?.state,
  );
  const types = useLoad((signal) => typesApi(api, 'node').list(signal));
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const small = useSmall(box);
  // Until the user picks one, the layout follows the screen: grid on small screens, else table.
  const [chosen, setChosen] = useState<NodeLayout | null>(memory?.current?.layout ?? null);
  const layout = chosen ?? (small ? 'grid' : 'table');
  useEffect(() => {
    // The page's memory is a ref it hands down for this list to fill (after render, in an effect).
    // eslint-disable-next-line react-hooks/immutability
    if (memory) memory.current = { state, layout: chosen };
  }, [memory, state, chosen]);
  const rows = list.data?.data ?? [];
  useOnChange(refreshKey, list.reload);

  useEffect(() => {
    if (types.status === 'error') show(T.typesFailed, 'error');
  }, [types.status, show]);

  const deletion = useActorRef(confirmDeleteMachine, { input: { remove: calls.remove, fallback: T.listDeleteFailed } });
  const deleteError = useSelector(deletion, (s) => s.context.error);
  const latest = useLatest({ show, list, state, change, onDeleted, rows: rows.length });
  useEffect(() => {
    const sub = deletion.on('delete.done', ({ target }) => {
      const l = latest.current;
      l.show(T.deleted);
      l.onDeleted(target.id);
      const page = pageAfterDelete(l.state.page, l.rows);
      if (page !== l.state.page) l.change({ page });
      else l.list.reload();
    });
    // Review mode kept the delete as a proposal: the row stays; the toast says where it went.
    const proposed = deletion.on('delete.proposed', () => latest.current.show(PROPOSAL_TEXTS.sent));
    return () => {
      sub.unsubscribe();
      proposed.unsubscribe();
    };
  }, [deletion, latest]);
  // Spec §8: the list's failure text, whatever the server said; the dialog stays open to try again.
  useEffect(() => {
    if (deleteError) show(T.listDeleteFailed, 'error');
  }, [deleteError, show]);

  const handlers: NodeRowHandlers = {
    ...on,
    // The row's version goes with the delete: a node changed since the list was loaded is asked about again.
    onDelete: (n: KnowledgeNode) => deletion.send({ type: 'delete.open', target: { id: n.id, name: n.name, version: n.version, seen: n } }),
  };
  const actions = nodeRowActions(can, handlers);
  const typeNames = (types.data ?? []).map((t) => t.name);
  // The FHIR export follows the type filter: one type's nodes, or all.
  const exportTypeId = state.nodeType ? types.data?.find((t) => t.name === state.nodeType)?.id : undefined;
  const filtered = !!(state.search || text.trim() || state.nodeType || state.snomedReview || state.snomedDescendantOf || state.quality);
  const clearFilters = () => {
    setText('');
    change({ search: '', nodeType: '', snomedReview: false, snomedDescendantOf: undefined, quality: undefined });
  };
  const empty = filtered ? <FilteredEmpty text={T.empty} onClear={clearFilters} /> : undefined;

  return (
    <div ref={box} className="kg-admin__screen kg-nodes" data-narrow={narrow || undefined}>
      <AdminHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <>
            <FhirExportButton
              apiBase={apiBase}
              label={TT.exportCodeSystem}
              tooltip={TT.exportCodeSystemHint}
              filename={exportTypeId ? `kg-type-${exportTypeId}.CodeSystem.json` : 'knowledge-graph.CodeSystem.json'}
              run={(calls) => calls.codeSystem(exportTypeId)}
            />
            {can.create && (
              <>
                <NodeUploadButtons apiBase={apiBase} onUploaded={list.reload} />
                {can.importSnomed && <SnomedImportButton apiBase={apiBase} />}
                <Button startIcon={<PlusIcon />} onClick={onCreate}>
                  {T.addNode}
                </Button>
              </>
            )}
          </>
        }
      />
      <NodeFilters
        text={text}
        onText={setText}
        nodeType={state.nodeType}
        typeNames={typeNames}
        onNodeType={(nodeType) => change({ nodeType })}
        snomedReview={!!state.snomedReview}
        onSnomedReview={(snomedReview) => change({ snomedReview })}
        api={api}
        snomedDescendantOf={state.snomedDescendantOf ?? null}
        onSnomedDescendantOf={(c) => change({ snomedDescendantOf: c ?? undefined })}
        layout={layout}
        onLayout={setChosen}
        sort={state.sort}
        onSort={(sort) => change({ sort })}
        quality={state.quality}
        onClearQuality={() => change({ quality: undefined })}
      />

      {list.status === 'loading' && <BlockSpinner label={T.loading} />}
      {list.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={list.reload} />}
      {list.status === 'ready' && (
        <section className="kg-admin__list" aria-label={T.title}>
          {layout === 'table' ? (
            <NodeTable
              label={T.title}
              className="kg-nodes-table"
              columns={narrow ? NARROW_COLUMNS : COLUMNS}
              headers={headers()}
              rows={rows}
              sort={state.sort}
              onSortChange={(sort) => change({ sort })}
              onView={handlers.onView}
              noValue={T.noValue}
              actions={(n) => <NodeActions node={n} actions={actions} compact={narrow} menuLabel={(m) => T.actionsFor(m.name)} />}
              actionsColumn={{ align: 'right', hideHeader: narrow }}
              empty={empty ?? T.empty}
              busy={list.refreshing}
              maxHeight="min(70vh, 720px)"
            />
          ) : (
            <NodeCards rows={rows} actions={actions} onView={handlers.onView} busy={list.refreshing} empty={empty} />
          )}
          <Pagination
            page={state.page}
            pageSize={state.pageSize}
            total={list.data?.pagination.total ?? 0}
            totalText={cappedTotalText(list.data?.pagination.total ?? 0, list.data?.pagination.totalCapped)}
            more={list.data?.pagination.totalCapped}
            pageSizes={LIMITS.listPageSizes}
            onPageChange={(page) => change({ page })}
            onPageSizeChange={(pageSize) => change({ pageSize })}
          />
        </section>
      )}

      <DeletionDialog deletion={deletion} title={T.deleteTitle} confirmLabel={T.delete} busyLabel={T.deleting} compare={(now, seen) => nodeChangedFields(now as KnowledgeNode, seen as KnowledgeNode)}>
        <p>{T.deleteQuestion}</p>
      </DeletionDialog>
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
