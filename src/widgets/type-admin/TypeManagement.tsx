import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LIMITS } from '../../contract/limits';
import type { TaxonomyKind, TaxonomyType } from '../../contract/knowledge/taxonomy';
import { confirmDeleteMachine } from '../../machines/confirm-delete.machine';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/Button';
import { DeletionDialog } from '../parts/deletion';
import { FilteredEmpty } from '../../ui/table/FilteredEmpty';
import { PlusIcon } from '../../ui/icons';
import { Pagination } from '../../ui/table/Pagination';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { useTablePaging } from '../../ui/table/use-table-paging';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { StaleDelete, useStaleDelete } from '../parts/admin-conflict';
import { useNarrow } from '../hooks/use-narrow';
import { useToast } from '../hooks/use-toast';
import { FhirExportButton } from '../parts/fhir-export';
import { TERMINOLOGY_TEXTS as TT } from '../../contract/texts/admin/terminology';
import { TYPE_TEXTS } from '../../contract/texts/admin/types';
import { filterTypes, TYPE_SORT_VALUES } from './type-list';
import { TypeCards } from './TypeCards';
import type { RelationRuleInput } from '../../api/knowledge/types';
import { TypeFormDialog } from './form/TypeFormDialog';
import { nextPaletteColor } from './form/type-colors';
import { TypeTable } from './TypeTable';
import { TypeToolbar } from './TypeToolbar';
import { useTypeAdmin } from './use-type-admin';
import { useLatest } from '../../ui/use-latest';

type FormState = { key: number; type?: TaxonomyType } | null;

export interface TypeManagementProps {
  apiBase: string;
  kind: TaxonomyKind;
  /** system.config: add, rename and delete; without it the list is read-only. */
  canManage: boolean;
}

/** Node Type Management / Relation Type Management (spec §2, §4, §5, §8) for a signed-in reader. */
export function TypeManagement({ apiBase, kind, canManage }: TypeManagementProps) {
  const T = TYPE_TEXTS[kind];
  const admin = useTypeAdmin(apiBase, kind);
  const { types } = admin;
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const { toast, show, close } = useToast();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<FormState>(null);

  // The shared DELETE-typed confirmation (the user admin's): a refusal (409 "N nodes still use it") stays in the dialog.
  // The delete sends the version the list shows; changed meanwhile, the dialog asks again showing what changed.
  const staleDelete = useStaleDelete(types.data, admin.remove, admin.current);
  const deletion = useActorRef(confirmDeleteMachine, { input: { remove: staleDelete.remove, word: LIMITS.deleteConfirmWord, fallback: T.deleteFailed } });
  const deleteTarget = useSelector(deletion, (s) => s.context.target);
  const deleteError = useSelector(deletion, (s) => s.context.error);
  // A type in use cannot be deleted (the server answers 409): the dialog says so and offers nothing to confirm.
  const inUse = (deleteTarget?.affected ?? 0) > 0;
  const list = useRef<HTMLElement>(null);
  const latest = useLatest({ removed: admin.removed, show, text: T.deleted });
  useEffect(() => {
    const sub = deletion.on('delete.done', ({ target }) => {
      latest.current.removed(target.id);
      latest.current.show(latest.current.text);
      // The row (and the button that opened the dialog) is gone: keep focus in the list.
      requestAnimationFrame(() => list.current?.focus());
    });
    return () => sub.unsubscribe();
  }, [deletion, latest]);
  // An earlier success toast ("… created successfully") must not stand beside a new error or a refusal.
  const formOpen = form !== null;
  useEffect(() => {
    if (deleteTarget || deleteError || formOpen) close();
  }, [deleteTarget, deleteError, formOpen, close]);

  const all = useMemo(() => types.data ?? [], [types.data]);
  const filtered = useMemo(() => filterTypes(all, search), [all, search]);
  const paging = useTablePaging(filtered, TYPE_SORT_VALUES, LIMITS.defaultPageSize);
  const empty = search.trim() ? (
    <FilteredEmpty
      text={T.noMatches}
      onClear={() => {
        setSearch('');
        paging.setPage(0);
      }}
    />
  ) : (
    T.noTypes
  );

  const refresh = async () => {
    close();
    if (!(await types.reload())) show(T.loadFailed, 'error');
  };
  const saved = async (name: string, color?: string, rule?: RelationRuleInput, version?: number) => {
    await admin.save(form?.type?.id ?? null, name, color, rule, version);
    show(form?.type ? T.updated : T.created);
    setForm(null);
  };
  const actions = canManage
    ? {
        onEdit: (type: TaxonomyType) => setForm({ type, key: Date.now() }),
        onDelete: (type: TaxonomyType) => deletion.send({ type: 'delete.open', target: { id: type.id, name: type.name, affected: type.usageCount } }),
      }
    : {};
  // Those who manage types export them: a node type as its FHIR ValueSet, a relation type as its
  // ConceptMap. A reader's list stays the spec's read-only three columns; the node list exports for them.
  const exportFhir = (type: TaxonomyType) =>
    kind === 'node' ? (
      <FhirExportButton iconOnly apiBase={apiBase} label={TT.exportValueSet(type.name)} filename={`kg-type-${type.id}.ValueSet.json`} run={(calls) => calls.valueSet(type.id)} />
    ) : (
      <FhirExportButton iconOnly apiBase={apiBase} label={TT.exportConceptMap(type.name)} filename={`kg-relation-${type.id}.ConceptMap.json`} run={(calls) => calls.conceptMap(type.id)} />
    );

  return (
    <div ref={box} className="kg-admin__screen" data-narrow={narrow || undefined}>
      <AdminHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          canManage && (
            // The new type's offered colour is the least used one of the list: not before the list is there.
            <Button startIcon={<PlusIcon />} disabled={types.status === 'loading'} onClick={() => setForm({ key: Date.now() })}>
              {T.add}
            </Button>
          )
        }
      />
      {!canManage && <Alert severity="info">{T.readOnly}</Alert>}
      <TypeToolbar
        texts={T}
        search={search}
        refreshing={types.refreshing}
        onSearch={(value) => {
          setSearch(value);
          paging.setPage(0);
        }}
        onRefresh={() => void refresh()}
      />

      {types.status === 'loading' && <BlockSpinner label={T.loading} />}
      {types.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={() => void types.reload()} />}
      {types.status === 'ready' && (
        <section ref={list} className="kg-admin__list" aria-label={T.listLabel} tabIndex={-1}>
          {narrow ? (
            <TypeCards rows={paging.rows} empty={empty} busy={types.refreshing} texts={T} {...actions} exportFhir={canManage ? exportFhir : undefined} />
          ) : (
            <TypeTable rows={paging.rows} empty={empty} busy={types.refreshing} texts={T} sort={paging.sort} onSortChange={paging.setSort} {...actions} exportFhir={canManage ? exportFhir : undefined} />
          )}
          <Pagination {...paging.pagination} pageSizes={LIMITS.listPageSizes} />
        </section>
      )}

      {form && <TypeFormDialog key={form.key} coCuration={{ apiBase, kind: kind === 'node' ? 'node_type' : 'relation_type' }} texts={T} type={form.type} suggestedColor={kind === 'node' ? nextPaletteColor(all) : undefined} ruleNodeTypes={kind === 'relation' ? admin.nodeTypes : undefined} onCancel={() => setForm(null)} onSubmit={saved} onCurrent={admin.current} />}
      <DeletionDialog deletion={deletion} title={T.deleteTitle} confirmLabel={T.deleteButton} busyLabel={T.deleting} showError blocked={inUse}>
        <StaleDelete state={staleDelete} targetId={deleteTarget?.id} fields={[{ label: T.field, show: (t: TaxonomyType) => t.name }, ...(kind === 'node' ? [{ label: T.color, show: (t: TaxonomyType) => t.color ?? '' }] : [])]} />
        {!inUse && <p className="kg-admin__warning">{T.deleteWarning}</p>}
        <p className="kg-type-delete__usage">
          <strong>{deleteTarget?.name}</strong> {T.inUse(deleteTarget?.affected ?? 0)}
        </p>
      </DeletionDialog>
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
