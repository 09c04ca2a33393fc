import { lazy, Suspense, useRef, useState } from 'react';
import { NO_AUDIT_FILTERS, type AuditFilters as Filters } from '../../api/admin/audit';
import { FilteredEmpty } from '../../ui/table/FilteredEmpty';
import { AUDIT_LOG_TEXTS as T } from '../../contract/texts/admin/audit';
import { LIMITS } from '../../contract/limits';
import { Button } from '../../ui/Button';
import { DownloadIcon } from '../../ui/icons';
import { Pagination } from '../../ui/table/Pagination';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { saveBlob } from '../download';
import { useNarrow } from '../hooks/use-narrow';
import { useToast } from '../hooks/use-toast';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { useAuditLog } from './use-audit-log';

// Only users who may purge see the retention panel: it loads with its first render.
const RetentionPanel = lazy(() => import('./RetentionPanel').then((m) => ({ default: m.RetentionPanel })));

export interface AuditLogScreenProps {
  apiBase: string;
  /** system.maintenance (with system.logs): the retention setting and Purge now. */
  canPurge: boolean;
}

const filtered = (f: Filters) => Object.values(f).some((v) => v !== '');
/** `audit-log_20240131T120000.csv`, like the server names it. */
const fileName = (format: 'csv' | 'xlsx') => `audit-log_${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}.${format}`;

/** The admins' audit log: filters, a server-paged table newest first, CSV and .xlsx exports, retention. */
export function AuditLogScreen({ apiBase, canPurge }: AuditLogScreenProps) {
  const { toast, show, close } = useToast();
  const { calls, list, query, change, filter } = useAuditLog(apiBase, () => show(T.loadFailedToast, 'error'));
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const rows = list.data?.data ?? [];

  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      saveBlob(await calls.exportFile(query.filters, format), fileName(format));
    } catch {
      show(T.exportFailed, 'error');
    } finally {
      setExporting(null);
    }
  };
  const exportButton = (format: 'csv' | 'xlsx', label: string) => (
    <Button variant="outlined" startIcon={<DownloadIcon />} disabled={exporting !== null} loading={exporting === format} onClick={() => void download(format)}>
      {exporting === format ? T.exporting : label}
    </Button>
  );

  return (
    <div ref={box} className="kg-admin__screen" data-narrow={narrow || undefined}>
      <AdminHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <>
            {exportButton('csv', T.exportCsv)}
            {exportButton('xlsx', T.exportXlsx)}
          </>
        }
      />
      <AuditFilters filters={query.filters} refreshing={list.refreshing} onChange={filter} onClear={() => change({ filters: NO_AUDIT_FILTERS })} onRefresh={list.reload} />

      {list.status === 'loading' && <BlockSpinner label={T.title} />}
      {list.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={list.reload} />}
      {list.status === 'ready' && (
        <section className="kg-admin__list" aria-label={T.tableLabel}>
          <AuditTable rows={rows} narrow={narrow} busy={list.refreshing} empty={filtered(query.filters) ? <FilteredEmpty text={T.noMatches} onClear={() => change({ filters: NO_AUDIT_FILTERS })} /> : T.noEvents} />
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={list.data?.pagination.total ?? 0}
            pageSizes={LIMITS.dashboardPageSizes}
            onPageChange={(page) => change({ page })}
            onPageSizeChange={(pageSize) => change({ pageSize })}
          />
        </section>
      )}

      {canPurge && (
        <Suspense fallback={null}>
          <RetentionPanel calls={calls} onNotify={show} onPurged={list.reload} />
        </Suspense>
      )}
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}

