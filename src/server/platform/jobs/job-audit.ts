import type { AuditDetail } from '../../../contract/texts/admin/audit';
import type { FastifyInstance } from 'fastify';
import { audited } from '../../audit/audited';
import type { AuditActor } from '../../audit/events';
import type { Queryable } from '../../db/db';
import type { JobRow } from './repository';

/** The uploader as events name them (id and name at the time), or null when the account is gone. */
export async function jobActor(db: Queryable, userId: string | null): Promise<AuditActor | null> {
  if (!userId) return null;
  const [row] = await db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [userId]);
  return row ? { id: userId, username: row.username } : null;
}

/**
 * One audit event per finished import job: its counts. Node uploads and relation imports
 * are entity `import` (detail.kind tells them apart), SNOMED imports the catalogue's
 * (`snomed_catalogue`); either way the entity id is the job's. The rows a node upload or relation
 * import created have their own events, written with each batch (INSERT_NODES_SQL, INSERT_RELATIONS_SQL).
 * A dry run's event (detail.dryRun) is the only one it leaves: its batches, events included, are rolled back.
 */
export async function recordJobEvent(app: FastifyInstance, row: JobRow, summary: AuditDetail): Promise<void> {
  const actor = await jobActor(app.db, row.created_by);
  await audited(app, actor, ({ record }) =>
    record({
      action: 'import',
      entityType: row.kind === 'snomed' ? 'snomed_catalogue' : 'import',
      entityId: row.id,
      detail: { kind: row.kind, filename: row.filename, ...(row.dry_run && { dryRun: true }), ...summary },
    }),
  );
}
