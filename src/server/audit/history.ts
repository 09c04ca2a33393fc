import { EVENT_ID } from '../../contract';
import type { Queryable } from '../db/db';
import type { AuditEntityType, AuditEvent, FieldChange } from './events';

/**
 * One record's events, read back as its history: newest first, from the view
 * audit_events (migration 0029): audit_log's rows through its entity index (entity_type, entity_id,
 * id DESC), and a bulk import's create event through the GIN index of the batch that holds it.
 * Works for a deleted record too, by id.
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

const COLUMNS = 'id, at, actor_id, actor_name, action, entity_type, entity_id, changes, detail';

/** Only nodes and relations are created by imports, so only their ids (uuids) are looked for in batches. */
const IN_BATCHES = new Set<AuditEntityType>(['node', 'relation']);

/**
 * The condition of one record's events in audit_events ($1 the entity type, $2 its id). The batch
 * condition names only the batch's own columns, so it is applied to the batch table through its
 * index before any batch is unnested; for audit_log's branch `source = 'log'` folds to true.
 */
const recordCondition = (entityType: AuditEntityType) =>
  `entity_type = $1 AND entity_id = $2 AND ${IN_BATCHES.has(entityType) ? `(source = 'log' OR batch_ids @> ARRAY[$2::uuid])` : `source = 'log'`}`;

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
      `SELECT ${COLUMNS} FROM audit_events WHERE ${recordCondition(entityType)} ORDER BY seq DESC, ord DESC LIMIT $3 OFFSET $4`,
      [entityType, entityId, page.limit, page.skip],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_events WHERE ${recordCondition(entityType)}`, [entityType, entityId]),
  ]);
  return { events: rows.map(toEvent), total: count[0].total };
}

/** One event of one record's history, or null when the id names another record's event (or none). */
export async function entityEvent(db: Queryable, entityType: AuditEntityType, entityId: string, eventId: string): Promise<AuditEvent | null> {
  const key = eventKey(eventId);
  if (!key) return null;
  const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM audit_events WHERE seq = $3::bigint AND ord = $4::bigint AND ${recordCondition(entityType)}`, [
    entityType,
    entityId,
    key.seq,
    key.ord,
  ]);
  return row ? toEvent(row) : null;
}

/** An event id's place in audit_events: "<seq>" (audit_log) or "<seq>.<ord>" (a batch's ord-th event). */
function eventKey(eventId: string): { seq: string; ord: string } | null {
  const m = EVENT_ID.exec(eventId);
  return m ? { seq: m[1], ord: m[2] ?? '0' } : null;
}

/** Whether any event about this record exists (a deleted record's history stays readable; an unknown id is a 404). */
export async function hasHistory(db: Queryable, entityType: AuditEntityType, entityId: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM audit_events WHERE ${recordCondition(entityType)} LIMIT 1`, [entityType, entityId])).length > 0;
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
