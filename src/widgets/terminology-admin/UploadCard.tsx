import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { FhirBundleResponse } from '../../api/admin/terminology';
import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import { terminologyUploadMachine } from '../../machines/terminology/terminology-upload.machine';
import type { UploadOutcome } from '../../machines/terminology/fhir-upload';
import { Card } from '../../ui/Card';
import { Alert } from '../../ui/feedback/Alert';
import { FilePicker, formatKb } from '../../ui/form/FilePicker';
import { UploadIcon } from '../../ui/icons';
import { useLatest } from '../../ui/use-latest';

export interface UploadCardProps {
  postBundle: (bundle: Record<string, unknown>) => Promise<FhirBundleResponse>;
  onUploaded: () => void;
}

const OUTCOME_TEXT: Record<UploadOutcome, () => string> = { created: () => T.created, updated: () => T.updated, deleted: () => T.deleted, refused: () => T.refused, notStored: () => T.refused };

/** Upload FHIR JSON (a resource or a Bundle): the file goes as soon as it is chosen; one result row per resource. */
export function UploadCard({ postBundle, onUploaded }: UploadCardProps) {
  const actor = useActorRef(terminologyUploadMachine, { input: { postBundle } });
  const uploaded = useLatest(onUploaded);
  useEffect(() => {
    const sub = actor.on('upload.done', () => uploaded.current());
    return () => sub.unsubscribe();
  }, [actor, uploaded]);
  const uploading = useSelector(actor, (s) => s.matches('uploading'));
  const file = useSelector(actor, (s) => s.context.file);
  const error = useSelector(actor, (s) => s.context.error);
  const report = useSelector(actor, (s) => s.context.report);

  return (
    <Card title={T.upload} className="kg-terminology__upload">
      <p className="kg-terminology__hint">{T.uploadHint}</p>
      <FilePicker
        buttonLabel={uploading ? T.uploading : T.chooseFile}
        accept=".json,application/json,application/fhir+json"
        file={file}
        formatSize={formatKb}
        placeholder={T.noFile}
        onSelect={(f) => actor.send({ type: 'file.select', file: f })}
        error={error}
        disabled={uploading}
        icon={<UploadIcon />}
      />
      {report && (
        <section className="kg-terminology__results" aria-label={T.resultsLabel}>
          {report.refusal ? (
            <Alert severity="error">{T.nothingStored}</Alert>
          ) : (
            <Alert severity={report.stored === report.rows.length ? 'success' : 'warning'}>{T.storedCount(report.stored, report.rows.length)}</Alert>
          )}
          <ul className="kg-terminology__result-list">
            {report.rows.map((row, i) => (
              <li key={i} className="kg-terminology__result" data-outcome={row.outcome}>
                <span className="kg-chip">{row.resourceType}</span>
                <span className="kg-terminology__title">{row.label}</span>
                <span className={row.outcome === 'refused' || row.outcome === 'notStored' ? 'kg-terminology__refused' : 'kg-terminology__stored'}>{OUTCOME_TEXT[row.outcome]()}</span>
                {row.message && (
                  <span className="kg-terminology__problem">
                    {row.message}
                    {row.path && <code className="kg-terminology__path"> {T.at(row.path)}</code>}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}
