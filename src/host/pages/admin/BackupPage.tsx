import { useEffect, useState } from 'react';
import { backupApi, backupFileName } from '../../../api/admin/backup';
import { socketReady } from '../../../api/live/socket';
import { BACKUP_MESSAGES, BACKUP_PASSPHRASE_LIMITS, BACKUP_TEXTS as T, hasAccess, type BackupRestoreProgress, type BackupRestoreResult } from '../../../contract';
import { sayInLanguage } from '../../../contract/texts';
import { Alert, Button, Card, Checkbox, Dialog, FilePicker, ProgressBar, TextField } from '../../../ui';
import { DownloadIcon, UploadIcon } from '../../../ui/icons';
import { permissionsOf } from '../../shell/nav';
import { api, useCurrentUser } from '../../session';
import '../../../ui/files.css';
import './backup.css';

const formatSize = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : bytes >= 1024 ** 2 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/** Saves a Blob under a name, as a click on a download link would. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** /admin/backup: download (plain or encrypted) for holders of system.backup; restore for admins. */
export function BackupPage() {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const canBackup = hasAccess('system.backup', permissionsOf(user));
  return (
    <div className="kg-backup">
      <header className="kg-backup__header">
        <h2 className="kg-backup__title">{T.title}</h2>
        <p className="kg-backup__subtitle">{T.subtitle}</p>
      </header>
      {canBackup && <DownloadCard />}
      {isAdmin ? <RestoreCard /> : <p className="kg-backup__hint">{T.adminOnly}</p>}
    </div>
  );
}

function DownloadCard() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [encrypt, setEncrypt] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [touched, setTouched] = useState(false);
  const tooShort = encrypt && passphrase.length < BACKUP_PASSPHRASE_LIMITS.min;
  const download = async () => {
    setTouched(true);
    if (tooShort) return;
    setBusy(true);
    setError(null);
    try {
      save(await backupApi(api).download(encrypt ? passphrase : undefined), backupFileName(new Date(), encrypt));
    } catch (err) {
      setError(messageOf(err, T.downloadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={T.download} aria-label={T.download}>
      <p className="kg-backup__hint">{T.downloadHint}</p>
      <Alert severity="warning">{T.sensitive}</Alert>
      {error && <Alert severity="error">{error}</Alert>}
      <div className="kg-backup__encrypt">
        <Checkbox label={T.encrypt} checked={encrypt} disabled={busy} onChange={setEncrypt} />
        {encrypt && (
          <TextField
            label={T.passphrase}
            type="password"
            autoComplete="new-password"
            value={passphrase}
            disabled={busy}
            maxLength={BACKUP_PASSPHRASE_LIMITS.max}
            helperText={T.passphraseHint}
            error={touched && tooShort ? BACKUP_MESSAGES.passphraseTooShort : null}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
          />
        )}
      </div>
      <Button startIcon={<DownloadIcon />} loading={busy} disabled={busy} onClick={() => void download()}>
        {busy ? T.downloading : encrypt ? T.downloadEncrypted : T.download}
      </Button>
    </Card>
  );
}

type RestoreState =
  | { step: 'idle' }
  | { step: 'confirming' }
  | { step: 'restoring'; progress: BackupRestoreProgress | null }
  | { step: 'done'; result: BackupRestoreResult }
  | { step: 'failed'; error: string };

function RestoreCard() {
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [state, setState] = useState<RestoreState>({ step: 'idle' });
  const restoring = state.step === 'restoring';

  // Progress events arrive on the user's own socket room while the upload's request is open.
  useEffect(() => {
    if (!restoring) return;
    return backupApi(api).watchRestore((progress) => setState((s) => (s.step === 'restoring' ? { step: 'restoring', progress } : s)));
  }, [restoring]);

  const start = async () => {
    if (!file) return;
    setState({ step: 'restoring', progress: null });
    await socketReady(api);
    try {
      const result = await backupApi(api).restore(file, passphrase || undefined);
      setState({ step: 'done', result });
      setFile(null);
      setPassphrase('');
    } catch (err) {
      setState({ step: 'failed', error: messageOf(err, T.restoreFailed) });
    }
  };

  const progress = state.step === 'restoring' ? state.progress : null;
  return (
    <Card title={T.restore} aria-label={T.restore}>
      <p className="kg-backup__hint">{T.restoreHint}</p>
      {state.step === 'failed' && <Alert severity="error">{state.error}</Alert>}
      {state.step === 'done' && (
        <Alert severity="success">{T.restored(state.result.counts.nodes, state.result.counts.relations, state.result.inactiveUsers)}</Alert>
      )}
      <div className="kg-backup__restore">
        <FilePicker
          buttonLabel={T.chooseFile}
          accept=".zip,.age,application/zip"
          file={file}
          formatSize={formatSize}
          placeholder={T.noFile}
          disabled={restoring}
          icon={<UploadIcon />}
          onSelect={(f) => {
            setFile(f);
            if (state.step !== 'restoring') setState({ step: 'idle' });
          }}
        />
        <Button variant="danger" disabled={!file || restoring} loading={restoring} onClick={() => setState({ step: 'confirming' })}>
          {restoring ? T.restoring : T.restore}
        </Button>
      </div>
      <TextField
        className="kg-backup__passphrase"
        label={T.restorePassphrase}
        type="password"
        autoComplete="off"
        value={passphrase}
        disabled={restoring}
        maxLength={BACKUP_PASSPHRASE_LIMITS.max}
        onChange={(e) => setPassphrase(e.currentTarget.value)}
      />
      {restoring && <ProgressBar label={T.restoring} value={progress?.progress ?? 0} message={(progress && sayInLanguage(progress)) || T.restoring} />}
      <Dialog
        open={state.step === 'confirming'}
        title={T.confirmTitle}
        onClose={() => setState({ step: 'idle' })}
        actions={
          <>
            <Button variant="text" onClick={() => setState({ step: 'idle' })}>
              {T.cancel}
            </Button>
            <Button variant="danger" onClick={() => void start()}>
              {T.confirm}
            </Button>
          </>
        }
      >
        <p className="kg-backup__hint">{T.confirmText(file?.name ?? '')}</p>
      </Dialog>
    </Card>
  );
}
