import { useRef, useState } from 'react';
import { TERMINOLOGY_RESOURCE_TYPES, type TerminologyResource, type TerminologyResourceType } from '../../contract/knowledge/terminology';
import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import { LIMITS } from '../../contract/limits';
import { SelectField } from '../../ui/form/Select';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { Pagination } from '../../ui/table/Pagination';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { useNarrow } from '../hooks/use-narrow';
import { useToast } from '../hooks/use-toast';
import { AddToGraphDialog } from './AddToGraphDialog';
import { ConceptsDialog } from './ConceptsDialog';
import { GraphFhirCard } from './GraphFhirCard';
import { ResourceTable } from './ResourceTable';
import { UploadCard } from './UploadCard';
import { useTerminologyList } from './use-terminology';

export interface TerminologyScreenProps {
  apiBase: string;
  /** nodes.create and relations.create: the "Add to the graph" action. */
  canAddToGraph: boolean;
  onNavigate?: (detail: { path: string }) => void;
}

const label = (r: TerminologyResource) => r.title ?? r.name ?? r.id;

/** The stored FHIR terminology resources, an upload of FHIR JSON, a code system's concepts and "Add to the graph". */
export function TerminologyScreen({ apiBase, canAddToGraph, onNavigate }: TerminologyScreenProps) {
  const { toast, show, close } = useToast();
  const { calls, list, query, change } = useTerminologyList(apiBase, () => show(T.loadFailed, 'error'));
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const [concepts, setConcepts] = useState<TerminologyResource | null>(null);
  const [adding, setAdding] = useState<TerminologyResource | null>(null);
  const rows = list.data?.data ?? [];
  const typeOptions = [{ value: '', label: T.allTypes }, ...TERMINOLOGY_RESOURCE_TYPES.map((t) => ({ value: t, label: t }))];

  return (
    <div ref={box} className="kg-admin__screen" data-narrow={narrow || undefined}>
      <AdminHeader title={T.title} subtitle={T.subtitle} />
      <GraphFhirCard apiBase={apiBase} calls={calls} onNotify={show} />
      <UploadCard postBundle={calls.postBundle} onUploaded={list.reload} />
      <div className="kg-terminology__filters">
        <SelectField label={T.filterType} value={query.type} options={typeOptions} onChange={(v) => change({ type: v as TerminologyResourceType | '' })} />
      </div>
      {list.status === 'loading' && <BlockSpinner label={T.title} />}
      {list.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={list.reload} />}
      {list.status === 'ready' && (
        <section className="kg-admin__list" aria-label={T.tableLabel}>
          <ResourceTable rows={rows} narrow={narrow} busy={list.refreshing} empty={query.type ? T.emptyFiltered : T.empty} onConcepts={setConcepts} />
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={list.data?.pagination.total ?? 0}
            pageSizes={LIMITS.listPageSizes}
            onPageChange={(page) => change({ page })}
            onPageSizeChange={(pageSize) => change({ pageSize })}
          />
        </section>
      )}
      {concepts && (
        <ConceptsDialog
          calls={calls}
          codeSystem={concepts}
          name={label(concepts)}
          canAddToGraph={canAddToGraph}
          onAddToGraph={() => {
            setAdding(concepts);
            setConcepts(null);
          }}
          onClose={() => setConcepts(null)}
        />
      )}
      <AddToGraphDialog calls={calls} codeSystem={adding && { id: adding.id, name: label(adding) }} onClose={() => setAdding(null)} onNavigate={onNavigate} />
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
