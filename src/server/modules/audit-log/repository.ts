import { canSeeRelationNotes, type AuditLogFilter } from '../../../contract';
import type { Queryable } from '../../db/db';
import { likePattern } from '../../db/rows';
import { AUDIT_COLUMNS, INTERNAL_DETAIL_KEYS, type AuditRow } from './entry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The WHERE clause of the log's filters (parameterised; `params` is appended to). The text search
 * looks only at what the reader is shown (toAuditEntry): not the internal detail keys, and not a
 * relation's note changes for readers who may not see notes, so a search cannot probe them.
 */
export function auditWhere(filter: AuditLogFilter, permissions: readonly string[], params: unknown[]): string {
  const where: string[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const user = filter.user?.trim();
  if (user) where.push(UUID.test(user) ? `actor_id = ${add(user)}::uuid` : `lower(actor_name) = lower(${add(user)})`);
  if (filter.action) where.push(`action = ${add(filter.action)}`);
  if (filter.entityType) where.push(`entity_type = ${add(filter.entityType)}`);
  if (filter.from) where.push(`at >= ${add(filter.from)}::timestamptz`);
  if (filter.to) where.push(`at <= ${add(filter.to)}::timestamptz`);
  const search = filter.search?.trim();
  if (search) {
    const p = add(likePattern(search));
    const changes = canSeeRelationNotes(permissions)
      ? 'changes::text'
      : `(CASE WHEN entity_type = 'relation' THEN jsonb_path_query_array(changes, '$[*] ? (@.field != "note")') ELSE changes END)::text`;
    const detail = `(detail ${INTERNAL_DETAIL_KEYS.map((k) => `- '${k}'`).join(' ')})::text`;
    where.push(`(actor_name ILIKE ${p} OR action ILIKE ${p} OR entity_type ILIKE ${p} OR entity_id ILIKE ${p} OR ${changes} ILIKE ${p} OR ${detail} ILIKE ${p})`);
  }
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** One page, newest first (ids grow with each insert), and the number of matches. */
export async function listAuditEvents(
  db: Queryable,
  filter: AuditLogFilter,
  page: { limit: number; skip: number },
  permissions: readonly string[],
): Promise<{ rows: AuditRow[]; total: number }> {
  const params: unknown[] = [];
  const where = auditWhere(filter, permissions, params);
  const [rows, count] = await Promise.all([
    db.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log ${where} ORDER BY audit_log.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      page.limit,
      page.skip,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${where}`, params),
  ]);
  return { rows, total: count[0].total };
}

/**
 * Every matching event, newest first, in batches read by keyset (id below the last one sent), so an
 * export of a large log never holds it in memory nor reads it with growing OFFSETs.
 */
export async function* streamAuditEvents(db: Queryable, filter: AuditLogFilter, permissions: readonly string[], max: number, batch = 1000): AsyncGenerator<AuditRow[]> {
  let after: string | null = null;
  let sent = 0;
  while (sent < max) {
    const params: unknown[] = [];
    let where = auditWhere(filter, permissions, params);
    if (after !== null) {
      params.push(after);
      where = `${where ? `${where} AND` : 'WHERE'} id < $${params.length}::bigint`;
    }
    params.push(Math.min(batch, max - sent));
    const rows: AuditRow[] = await db.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log ${where} ORDER BY audit_log.id DESC LIMIT $${params.length}`, params);
    if (rows.length === 0) return;
    sent += rows.length;
    after = rows[rows.length - 1].id;
    yield rows;
  }
}
