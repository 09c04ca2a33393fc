import { BACKUP_RESTORE_EVENT, type BackupRestoreProgress, type BackupRestoreResult } from '../../contract/admin/backup';
import type { ApiClient } from '../client';
import { acquireSocket } from '../live/socket';

/** Backup calls: the archive, a restore, and the restore's progress events. */
export const backupApi = (api: ApiClient) => ({
  /** GET /backup: the whole knowledge base as a zip; POST /backup with a passphrase: the same, encrypted (age). */
  download: (passphrase?: string) =>
    passphrase
      ? api.request<Blob>('/backup', { method: 'POST', body: { passphrase }, responseType: 'blob' })
      : api.request<Blob>('/backup', { responseType: 'blob' }),
  /** POST /backup/restore, multipart field `file` (after `passphrase`, for an encrypted one); answers once everything is restored (or nothing). */
  restore: (file: File, passphrase?: string) => {
    const form = new FormData();
    // Before the file: the server reads the fields that precede it.
    if (passphrase) form.append('passphrase', passphrase);
    form.append('file', file, file.name);
    return api.request<BackupRestoreResult>('/backup/restore', { method: 'POST', body: form });
  },
  /** Follows this user's restores (`backup-restore-progress`); returns the function that stops. */
  watchRestore: (onEvent: (event: BackupRestoreProgress) => void) => {
    const { socket, release } = acquireSocket(api);
    socket.on(BACKUP_RESTORE_EVENT, onEvent);
    return () => {
      socket.off(BACKUP_RESTORE_EVENT, onEvent);
      release();
    };
  },
});

/** The file name a download is saved under (the server's Content-Disposition is not readable through fetch's Blob). */
export const backupFileName = (now = new Date(), encrypted = false) =>
  `kg-backup-${now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}.zip${encrypted ? '.age' : ''}`;
