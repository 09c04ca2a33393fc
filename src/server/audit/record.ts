import type { Queryable } from '../db/db';
import type { AuditActor, AuditEvent, AuditEventInput, FieldChange } from './events';

/**
 * Writes one audit event with the caller's transaction `tx`, so the event exists exactly when the
 * change does. Returns the stored event (id and time from the database) for the change feed.
 */
export async function recordEvent(tx: Queryable, actor: AuditActor | null, event: AuditEventInput): Promise<AuditEvent> {
  const changes = event.changes ?? [];
  const detail = event.detail ?? null;
  const [row] = await tx.query<{ id: string; at: Date | string }>(
    `INSERT INTO audit_log (actor_id, actor_name, action, entity_type, entity_id, changes, detail, version)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8) RETURNING id::text AS id, at`,
    [
      actor?.id ?? null,
      actor?.username ?? null,
      event.action,
      event.entityType,
      event.entityId,
      JSON.stringify(changes),
      detail === null ? null : JSON.stringify(detail),
      event.version ?? null,
    ],
  );
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    changes,
    detail,
    ...(event.version ? { version: event.version } : {}),
  };
}

/**
 * The fields whose values differ between two API-shaped snapshots of a record, in `fields` order.
 * Values compare by their JSON form (arrays, nested objects, dates as ISO strings). A field
 * missing on one side counts as `null`, so a create is `fieldChanges({}, after, fields)`.
 */
export function fieldChanges<T extends object>(before: Partial<T> | null, after: Partial<T> | null, fields: readonly (keyof T & string)[]): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of fields) {
    const a = normalise(before?.[field]);
    const b = normalise(after?.[field]);
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ field, before: a, after: b });
  }
  return out;
}

function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}
