import { visibleChanges, type AuditLogEntry } from '../../../contract';

/** One event (a row of the view audit_events) as the log's queries select it. */
export interface AuditRow {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  changes: AuditLogEntry['changes'] | null;
  detail: Record<string, unknown> | null;
}

/** Columns of the view audit_events (migration 0029), whose `id` is already the API's text id. */
export const AUDIT_COLUMNS = 'id, at, actor_id, actor_name, action, entity_type, entity_id, changes, detail';

/**
 * Keys of `detail` that are the server's, not the reader's: a record's full state (what a restore
 * goes back to; it holds attachment blob keys and every field, whatever the reader may see) and the
 * relations a node's delete removed (with their internal notes). The record's history and restore
 * (modules/nodes, relations) read them; the log shows the changes instead.
 */
export const INTERNAL_DETAIL_KEYS = ['state', 'relations'] as const;

/**
 * An event as one reader sees it in the log and its exports. Hidden fields follow
 * contract/hidden-fields.ts (a relation's note, an account's email and mobile number): without the
 * permission, their changes leave the log, like the key leaves the record.
 */
export function toAuditEntry(row: AuditRow, permissions: readonly string[]): AuditLogEntry {
  const changes = visibleChanges(row.entity_type, row.changes ?? [], permissions);
  let detail: Record<string, unknown> | null = null;
  if (row.detail) {
    detail = Object.fromEntries(Object.entries(row.detail).filter(([key]) => !(INTERNAL_DETAIL_KEYS as readonly string[]).includes(key)));
    if (Object.keys(detail).length === 0) detail = null;
  }
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    // A failed sign-in has no actor; an event without a name (written by the system) neither.
    actor: row.actor_name === null ? null : { id: row.actor_id, username: row.actor_name },
    action: row.action,
    entityType: row.entity_type ?? '',
    entityId: row.entity_id,
    changes,
    detail,
  };
}
