import type { Queryable } from '../db/db';
import type { AuditEntityType, AuditEvent, FieldChange } from './events';

/**
 * One record's events, read back as its history (issue 16 item 2): newest first through the
 * audit_log_entity index (entity_type, entity_id, id DESC). Works for a deleted record too, by id.
 */
interface Row {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  entity_type: AuditEntityType;
  entity_id: string | null;
  changes: FieldChange[];
  detail: Record<string, unknown> | null;
}

// Ordering must name audit_log.id: the output column `id` is text.
const COLUMNS = 'id::text AS id, at, actor_id, actor_name, action, entity_type, entity_id, changes, detail';

const toEvent = (r: Row): AuditEvent => ({
  id: r.id,
  at: new Date(r.at).toISOString(),
  // The name is kept even when the account is gone (actor_id is then still the old id).
  actor: r.actor_name === null ? null : { id: r.actor_id ?? '', username: r.actor_name },
  action: r.action,
  entityType: r.entity_type,
  entityId: r.entity_id,
  changes: r.changes ?? [],
  detail: r.detail,
});

export async function entityHistory(
  db: Queryable,
  entityType: AuditEntityType,
  entityId: string,
  page: { limit: number; skip: number },
): Promise<{ events: AuditEvent[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<Row>(
      `SELECT ${COLUMNS} FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY audit_log.id DESC LIMIT $3 OFFSET $4`,
      [entityType, entityId, page.limit, page.skip],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM audit_log WHERE entity_type = $1 AND entity_id = $2', [entityType, entityId]),
  ]);
  return { events: rows.map(toEvent), total: count[0].total };
}

/** One event of one record's history, or null when the id names another record's event (or none). */
export async function entityEvent(db: Queryable, entityType: AuditEntityType, entityId: string, eventId: string): Promise<AuditEvent | null> {
  const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM audit_log WHERE id = $1::bigint AND entity_type = $2 AND entity_id = $3`, [eventId, entityType, entityId]);
  return row ? toEvent(row) : null;
}

/** Whether any event about this record exists (a deleted record's history stays readable; an unknown id is a 404). */
export async function hasHistory(db: Queryable, entityType: AuditEntityType, entityId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM audit_log WHERE entity_type = $1 AND entity_id = $2 LIMIT 1', [entityType, entityId])).length > 0;
}

/**
 * The record's state right after an event (before it, for a delete): the event's `detail.state`,
 * or for a create without one (a bulk upload's row events) the fields it set.
 */
export function stateOf<T>(event: AuditEvent): T | null {
  const state = event.detail?.state;
  if (state && typeof state === 'object') return state as T;
  if (event.action !== 'create') return null;
  return Object.fromEntries(event.changes.map((c) => [c.field, c.after])) as T;
}
