import { useId, useState, type FormEvent } from 'react';
import type { AuditApi } from '../../api/admin/audit';
import { ApiError, isEditConflict, type EditConflictError } from '../../api/client';
import type { AuditRetention } from '../../contract/admin/audit-log';
import { AUDIT_LOG_TEXTS as T } from '../../contract/texts/admin/audit';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/overlay/Dialog';
import { TrashIcon } from '../../ui/icons';
import { TextField } from '../../ui/form/TextField';
import { useLoad } from '../hooks/use-load';
import { ConflictDialog } from '../parts/conflict';
import { parseRetention } from './retention-input';

export interface RetentionPanelProps {
  calls: AuditApi;
  onNotify: (message: string, severity?: 'success' | 'error') => void;
  /** After a purge: the list reloads (its events and the purge's own). */
  onPurged: () => void;
}

const message = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 && err.message ? err.message : fallback);

/**
 * Retention for users who may purge (system.maintenance with system.logs): "purge events older
 * than N days" (empty keeps everything), saved on the server, which purges daily; Purge now asks
 * first. Both are audited by the server.
 */
export function RetentionPanel({ calls, onNotify, onPurged }: RetentionPanelProps) {
  const current = useLoad((signal) => calls.retention(signal));
  const saved = current.data?.retentionDays ?? null;
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (saved === null ? '' : String(saved));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'purge' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();

  // A save made from a setting someone else changed since it loaded: the comparison, the typed value kept.
  const [conflict, setConflict] = useState<EditConflictError<AuditRetention> | null>(null);
  const daysText = (days: number | null) => (days === null ? '' : String(days));

  /** Saves `value` over the setting's `version` (If-Match; the loaded one unless a conflict was resolved). */
  const write = async (value: string, version: number | undefined) => {
    const days = parseRetention(value);
    if (days === undefined) return setError(T.retentionInvalid);
    setError(null);
    setBusy('save');
    try {
      const next = await calls.setRetention(days, version);
      current.update(() => next);
      setText(null);
      onNotify(T.retentionSaved);
    } catch (err) {
      if (isEditConflict<AuditRetention>(err)) setConflict(err);
      else onNotify(message(err, T.retentionFailed), 'error');
    } finally {
      setBusy(null);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void write(shown, current.data?.version);
  };
  /** The setting as it now is: shown as saved; the next save goes over its version. */
  const adopt = () => {
    const now = conflict?.current ?? null;
    setConflict(null);
    if (now) current.update(() => now);
    return now;
  };

  const purge = async () => {
    setBusy('purge');
    try {
      const result = await calls.purge();
      setConfirming(false);
      onNotify(T.purgeDone(result.purged));
      onPurged();
    } catch (err) {
      onNotify(message(err, T.purgeFailed), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="kg-audit__retention" aria-labelledby={titleId}>
      <h3 id={titleId} className="kg-audit__retention-title">
        {T.retentionTitle}
      </h3>
      <form className="kg-audit__retention-form" onSubmit={save} noValidate>
        <TextField
          label={T.retentionDays}
          inputMode="numeric"
          value={shown}
          disabled={current.status === 'loading'}
          error={error}
          helperText={saved === null ? `${T.retentionHint} ${T.retentionKeepAll}` : T.retentionHint}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
        />
        <div className="kg-audit__retention-actions">
          <Button type="submit" variant="outlined" disabled={busy !== null || current.status !== 'ready'} loading={busy === 'save'}>
            {T.retentionSave}
          </Button>
          <Button variant="danger" startIcon={<TrashIcon />} disabled={busy !== null || saved === null} onClick={() => setConfirming(true)}>
            {T.purgeNow}
          </Button>
        </div>
      </form>
      <Dialog
        open={confirming}
        title={T.purgeTitle}
        busy={busy === 'purge'}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="text" disabled={busy === 'purge'} onClick={() => setConfirming(false)}>
              {T.cancel}
            </Button>
            <Button variant="danger" disabled={busy === 'purge'} loading={busy === 'purge'} onClick={() => void purge()}>
              {T.purgeConfirm}
            </Button>
          </>
        }
      >
        <p>{T.purgeBody(saved ?? 0)}</p>
      </Dialog>
      <ConflictDialog
        open={!!conflict}
        changedBy={conflict?.changedBy ?? null}
        changedAt={conflict?.changedAt ?? null}
        fields={conflict ? [{ key: 'retentionDays', label: T.retentionDays, theirs: daysText(conflict.current.retentionDays), yours: shown }] : []}
        busy={busy === 'save'}
        onKeepMine={() => void write(shown, adopt()?.version)}
        onTakeTheirs={() => {
          adopt();
          setText(null);
        }}
        onChoose={({ retentionDays: side }) => {
          const now = adopt();
          if (!now) return;
          if (side === 'theirs') setText(null);
          else void write(shown, now.version);
        }}
        onCancel={() => setConflict(null)}
      />
    </section>
  );
}
