import { useMemo, useState } from 'react';
import { analyticsApi } from '../../api/admin/analytics';
import { apiClient } from '../../api/client';
import type { AnalyticsInterval } from '../../contract/admin/analytics';
import { LIMITS } from '../../contract/limits';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/form/Select';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { saveBlob } from '../download';
import { useLoad } from '../hooks/use-load';
import { useToast } from '../hooks/use-toast';
import { ActivityCard } from './ActivityCard';
import { ExportMenu } from './ExportMenu';
import { FindingsCard } from './FindingsCard';
import { ByTypeCard, SummaryCards, TotalsOverTime } from './TotalsCard';
import { ANALYTICS_TEXTS as T } from '../../contract/texts/admin/analytics';

export interface AnalyticsScreenProps {
  apiBase: string;
  /** analytics.export: the Export menu. */
  canExport: boolean;
  onNavigate?: (detail: { path: string }) => void;
}

const PERIODS = 12;
const ACTIVITY_WEEKS = 8;
/** `quality-findings_20240131T120000.csv`, like the server names it. */
const fileName = (format: 'csv' | 'xlsx') => `quality-findings_${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}.${format}`;

/** The Analytics page: figures, totals over time, activity, quality findings, export. */
export function AnalyticsScreen({ apiBase, canExport, onNavigate }: AnalyticsScreenProps) {
  const calls = useMemo(() => analyticsApi(apiClient({ base: apiBase })), [apiBase]);
  const { toast, show, close } = useToast();
  const [interval, setInterval] = useState<AnalyticsInterval>('month');
  const [exporting, setExporting] = useState(false);
  // Figures, findings and activity load together: the page shows once, not in pieces.
  const page = useLoad((signal) =>
    Promise.all([calls.totals('month', PERIODS, signal), calls.quality(signal), calls.activity(ACTIVITY_WEEKS, signal)]).then(([totals, quality, activity]) => ({
      totals,
      quality,
      activity,
    })),
  );
  const weekly = useLoad((signal) => calls.totals('week', PERIODS, signal));

  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      saveBlob(await calls.exportFile(format), fileName(format));
    } catch {
      show(T.exportFailed, 'error');
    } finally {
      setExporting(false);
    }
  };

  const exportMenu = canExport && <ExportMenu busy={exporting} onExport={(format) => void download(format)} />;

  const shown = interval === 'month' ? page.data?.totals : weekly.data;
  return (
    <div className="kg-admin__screen kg-analytics__screen">
      <AdminHeader title={T.title} subtitle={T.subtitle} actions={exportMenu || undefined} />
      {page.status === 'loading' && <BlockSpinner label={T.title} />}
      {page.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={() => void page.reload()} />}
      {page.status === 'ready' && page.data && (
        <>
          <SummaryCards totals={page.data.totals} />
          <div className="kg-analytics__grid">
            <Card
              title={T.totalsOverTime}
              className="kg-analytics__card kg-analytics__card--wide"
              action={
                <SelectField
                  className="kg-analytics__interval"
                  label={T.interval}
                  hideLabel
                  value={interval}
                  onChange={(v) => setInterval(v as AnalyticsInterval)}
                  options={[
                    { value: 'month', label: T.monthly },
                    { value: 'week', label: T.weekly },
                  ]}
                />
              }
            >
              {shown ? (
                <TotalsOverTime key={interval} totals={shown} />
              ) : weekly.status === 'error' ? (
                <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={() => void weekly.reload()} />
              ) : (
                <BlockSpinner label={T.totalsOverTime} />
              )}
            </Card>
            <FindingsCard findings={page.data.quality.data} onNavigate={onNavigate} />
            <ByTypeCard totals={page.data.totals} />
            <ActivityCard activity={page.data.activity} />
          </div>
        </>
      )}
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
