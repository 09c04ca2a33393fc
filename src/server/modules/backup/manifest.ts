import { BACKUP_PARTS, type BackupManifest, type BackupPart } from '../../../contract';
import type { Queryable } from '../../db/db';

/** The newest migration applied to this database, as a number (0011_audit_trail → 11). */
export async function currentMigration(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: string | null }>('SELECT max(version) AS version FROM schema_migrations');
  return Number.parseInt(row?.version ?? '0', 10) || 0;
}

export const zeroCounts = (): Record<BackupPart, number> => Object.fromEntries(BACKUP_PARTS.map((p) => [p, 0])) as Record<BackupPart, number>;

export type { BackupManifest };
