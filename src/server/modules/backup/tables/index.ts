import { ACCESS_TABLES } from './access';
import { AUDIT_TABLES } from './audit';
import type { BackupTable } from './backup-table';
import { FHIR_TABLES } from './fhir';
import { ATTACHMENT_TABLES, KNOWLEDGE_TABLES, TYPE_TABLES } from './knowledge';
import { REVIEW_TABLES } from './review';
import { SETTINGS_TABLES } from './settings';
import { SNOMED_TABLES } from './snomed';

export { inArchive, type BackupTable } from './backup-table';
export { NOT_BACKED_UP } from './not-backed-up';
export { ARCHIVED_SETTINGS } from './settings';

/**
 * Every backed-up table, in the order the export writes and the restore inserts them: a table comes
 * after those its rows refer to (users after roles, settings after the relation types they name, relations after nodes, comments after proposals,
 * terminology's nodes after nodes), and the audit trail last.
 */
export const BACKUP_TABLES: readonly BackupTable[] = [
  ...ACCESS_TABLES,
  ...TYPE_TABLES,
  ...SETTINGS_TABLES,
  ...KNOWLEDGE_TABLES,
  ...REVIEW_TABLES,
  ...ATTACHMENT_TABLES,
  ...SNOMED_TABLES,
  ...FHIR_TABLES,
  ...AUDIT_TABLES,
];

/** The zip entry of a row's contents (a table with `contents`). */
export const contentEntry = (table: BackupTable, id: string) => `${table.contents}/${id}`;
export const MANIFEST_FILE = 'manifest.json';
