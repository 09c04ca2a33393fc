/** Backup and restore of a whole installation: the archive format, its reader and the routes. */
export { openBackupArchive, type BackupArchive } from './archive-reader';
export { BACKUP_TABLES, MANIFEST_FILE, type BackupTable } from './tables';
export { backupRoutes } from './routes';
