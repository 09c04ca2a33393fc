import { useEffect, useState } from 'react';
import type { TerminologyApi } from '../../api/admin/terminology';
import type { TerminologyConcept, TerminologyResource } from '../../contract/knowledge/terminology';
import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import { LIMITS } from '../../contract/limits';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/feedback/Alert';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { TextField } from '../../ui/form/TextField';
import { GraphIcon } from '../../ui/icons';
import { Dialog } from '../../ui/overlay/Dialog';
import { DataTable, type Column } from '../../ui/table/DataTable';
import { Pagination } from '../../ui/table/Pagination';
import { useConcepts } from './use-terminology';

export interface ConceptsDialogProps {
  calls: TerminologyApi;
  codeSystem: TerminologyResource;
  name: string;
  canAddToGraph: boolean;
  onAddToGraph: () => void;
  onClose: () => void;
}

/** A code system's concepts, a page at a time, searchable by code or display, with their parent codes. */
export function ConceptsDialog({ calls, codeSystem, name, canAddToGraph, onAddToGraph, onClose }: ConceptsDialogProps) {
  const { list, query, change } = useConcepts(calls, codeSystem.id, () => undefined);
  const [search, setSearch] = useState('');
  // The search goes to the server once typing pauses.
  useEffect(() => {
    if (search === query.search) return;
    const timer = setTimeout(() => change({ search }), LIMITS.debounceMs);
    return () => clearTimeout(timer);
  }, [search, query.search, change]);
  const rows = list.data?.data ?? [];
  const columns: Column<TerminologyConcept>[] = [
    { key: 'code', header: T.code, render: (c) => <code className="kg-terminology__code">{c.code}</code> },
    { key: 'display', header: T.display, render: (c) => c.display ?? '—' },
    {
      key: 'parents',
      header: T.parents,
      render: (c) =>
        c.parentCodes.length ? (
          <span className="kg-terminology__parents">
            {c.parentCodes.map((p) => (
              <code key={p} className="kg-terminology__code">
                {p}
              </code>
            ))}
          </span>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Dialog
      open
      title={T.conceptsTitle(name)}
      onClose={onClose}
      className="kg-terminology__concepts"
      actions={
        <>
          {canAddToGraph && (
            <Button variant="outlined" startIcon={<GraphIcon />} onClick={onAddToGraph}>
              {T.addToGraph}
            </Button>
          )}
          <Button onClick={onClose}>{T.close}</Button>
        </>
      }
    >
      {codeSystem.url && <p className="kg-terminology__url">{codeSystem.url}</p>}
      <TextField label={T.searchConcepts} type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={200} />
      {list.status === 'loading' && <BlockSpinner label={T.conceptsLabel} />}
      {list.status === 'error' && <Alert severity="error">{T.conceptsFailed}</Alert>}
      {list.status === 'ready' && (
        <section aria-label={T.conceptsLabel}>
          <DataTable label={T.conceptsLabel} columns={columns} rows={rows} rowKey={(c) => c.code} busy={list.refreshing} empty={query.search ? T.noConceptMatches : T.noConcepts} maxHeight="min(50vh, 480px)" />
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
    </Dialog>
  );
}
