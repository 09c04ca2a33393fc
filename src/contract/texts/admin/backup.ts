import { BACKUP_FORMAT_VERSION, BACKUP_MAX_UPLOAD_BYTES, BACKUP_PASSPHRASE_LIMITS, countOf } from '../../admin/backup';
import { defineTexts, icu } from '../define';

export const BACKUP_TEXTS = defineTexts('backup', {
  title: 'Backup',
  subtitle: 'Download the whole knowledge base as one archive, or restore an archive into a new installation.',
  download: 'Download backup',
  downloading: 'Preparing the backup...',
  downloadHint:
    'The archive holds nodes, relations with their evidence, types, attachments, discussions, proposals, the SNOMED catalogue, FHIR terminology resources, users and roles (without passwords) and the audit log.',
  downloadFailed: 'Failed to download the backup.',
  sensitive:
    'A backup holds everything, including relation notes, e-mail addresses and the audit log. Every download is recorded in the audit log.',
  encrypt: 'Encrypt with a passphrase',
  passphrase: 'Passphrase',
  passphraseHint: `At least ${BACKUP_PASSPHRASE_LIMITS.min} characters. Keep it safe: without it the archive cannot be restored.`,
  downloadEncrypted: 'Download encrypted backup',
  restorePassphrase: 'Passphrase (encrypted backups only)',
  restore: 'Restore from backup',
  restoreHint:
    'Only into an installation that holds nothing but its first account. Restored users come back inactive until an administrator sets their password.',
  chooseFile: 'Choose backup file',
  noFile: 'No file chosen',
  confirmTitle: 'Restore from backup?',
  confirmText: icu(['file'], (file: string) => `Restore "${file}" into this installation? Everything in the archive is added: nodes, relations, types, attachments, discussions, proposals, the SNOMED catalogue, FHIR terminology resources, users and roles.`),
  confirm: 'Restore',
  cancel: 'Cancel',
  restoring: 'Restoring...',
  restoreFailed: 'Failed to restore the backup.',
  restored: icu(
    ['nodes', 'relations', 'inactive'],
    (nodes: number, relations: number, inactive: number) =>
      `Backup restored: ${countOf(nodes, 'node')} and ${countOf(relations, 'relation')}. ` +
      (inactive > 0 ? `${inactive.toLocaleString('en')} restored ${inactive === 1 ? 'user is' : 'users are'} inactive until an administrator sets a password.` : ''),
    'Backup restored: {nodes, plural, one {# node} other {# nodes}} and {relations, plural, one {# relation} other {# relations}}. {inactive, plural, =0 {} one {# restored user is inactive until an administrator sets a password.} other {# restored users are inactive until an administrator sets a password.}}',
  ),
  adminOnly: 'Only administrators can restore a backup.',
});

/** The server's refusals (4xx): said in the Backup section as they are. */
export const BACKUP_MESSAGES = defineTexts('backup.messages', {
  noFile: 'Please select a backup file (.zip or .zip.age).',
  wrongType: 'Please select a backup archive (.zip, or .zip.age when encrypted).',
  passphraseRequired: 'This backup is encrypted: enter its passphrase. Nothing was restored.',
  passphraseTooShort: `The passphrase must be at least ${BACKUP_PASSPHRASE_LIMITS.min} characters.`,
  passphraseTooLong: `The passphrase must be at most ${BACKUP_PASSPHRASE_LIMITS.max} characters.`,
  wrongPassphrase: 'The passphrase does not open this backup. Nothing was restored.',
  tooLarge: `The file is larger than ${BACKUP_MAX_UPLOAD_BYTES / 1024 ** 3} GB, the maximum for a restore.`,
  adminOnly: 'Only administrators can restore a backup: a restore writes users and roles.',
  notEmpty: (what: string) =>
    `This installation already holds data (${what}). A backup can be restored only into a new installation that holds nothing but its first account.`,
  damaged: icu(['why'], (why: string) => `The file is not a valid backup archive (${why}). Nothing was restored.`),
  unknownVersion: (version: unknown) =>
    `This backup has format version ${String(version)}, which this server cannot read (it reads version ${BACKUP_FORMAT_VERSION}). Nothing was restored.`,
  newerSchema: (archive: number, server: number) =>
    `This backup was made by a newer version of the workbench (database migration ${archive}; this server has ${server}). Update the server first. Nothing was restored.`,
  badRow: icu(['file', 'line', 'why'], (file: string, line: number, why: string) => `${file}, line ${line}: ${why}. Nothing was restored.`),
  countMismatch: (file: string, expected: number, found: number) =>
    `${file} holds ${found} rows but the manifest says ${expected}: the archive is incomplete. Nothing was restored.`,
  failed: icu(['why'], (why: string) => `The backup could not be restored: ${why}. Nothing was restored.`),
  busy: 'Another restore is running.',
  validating: 'Checking the archive...',
  writing: icu(['part'], (part: string) => `Restoring ${part}...`),
  done: 'Backup restored.',
});
