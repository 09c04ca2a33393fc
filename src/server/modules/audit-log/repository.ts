import { fieldsHiddenFrom, type AuditLogFilter } from '../../../contract';
import type { Queryable } from '../../db/db';
import { likePattern } from '../../db/rows';
import { AUDIT_COLUMNS, INTERNAL_DETAIL_KEYS, type AuditRow } from './entry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The JSON keys and bare words of a bulk import's create event as the text search reads it
 * (`changes` and `detail` as text; the values are in the view's batch_text).
 */
export const BATCH_EVENT_WORDS = ['after', 'before', 'field', 'null', 'jobid', 'name', 'nodetype', 'snomedcode', 'relationname', 'relationtype', 'sourcenodename', 'targetnodename', 'weight', 'url', 'description'];

/**
 * Whether a search term can only match inside one JSON token: it has none of the characters
 * between tokens (quotes, separators, brackets, the escape; batch_text's separator) and is part of no key or bare word
 * every batch event has. Then a batch event matches it exactly when its batch_text does.
 */
export function withinOneToken(term: string): boolean {
  if (/["\\,:{}[\]]/.test(term) || term.includes(String.fromCharCode(1))) return false;
  const lower = term.toLowerCase();
  return !BATCH_EVENT_WORDS.some((word) => word.includes(lower));
}

/**
 * The text of an event's changes as the reader is shown them: without the changes of the fields
 * hidden from them (contract/hidden-fields.ts). The entity types and field names are the contract's
 * own identifiers, never the caller's input.
 */
function visibleChangesText(permissions: readonly string[]): string {
  const hidden = [...fieldsHiddenFrom(permissions)];
  if (hidden.length === 0) return 'changes::text';
  const identifier = /^[a-z_]+$/i;
  const branches = hidden.map(([entityType, fields]) => {
    if (!identifier.test(entityType) || !fields.every((f) => identifier.test(f))) throw new Error('hidden fields must be identifiers');
    const keep = fields.map((f) => `@.field != "${f}"`).join(' && ');
    return `WHEN entity_type = '${entityType}' THEN jsonb_path_query_array(changes, '$[*] ? (${keep})')`;
  });
  return `(CASE ${branches.join(' ')} ELSE changes END)::text`;
}

/**
 * The WHERE clause of the log's filters (parameterised; `params` is appended to). The text search
 * looks only at what the reader is shown (toAuditEntry): not the internal detail keys, and not the
 * changes of fields hidden from the reader (a relation's note, an account's email), so a search
 * cannot probe them.
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
    const changes = visibleChangesText(permissions);
    const detail = `(detail ${INTERNAL_DETAIL_KEYS.map((k) => `- '${k}'`).join(' ')})::text`;
    const shown = `(actor_name ILIKE ${p} OR action ILIKE ${p} OR entity_type ILIKE ${p} OR entity_id ILIKE ${p} OR ${changes} ILIKE ${p} OR ${detail} ILIKE ${p})`;
    // A bulk import's event matches such a term exactly when its batch_text does: then its JSON is
    // not built to be searched (the planner folds `source` per branch of the view).
    where.push(withinOneToken(search) ? `((source = 'log' AND ${shown}) OR (source = 'batch' AND batch_text ILIKE ${p}))` : shown);
  }
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/**
 * One page, newest first (seq grows with each insert; a batch's events follow its order), and the
 * number of matches, from the view audit_events (migration 0029): audit_log's events and the create
 * events of bulk imports, kept one row per batch. Without a text search every event of a batch
 * matches or none does, so the page is found among the keys (audit_event_keys: a batch is one row
 * with its number of events) and only the batches it reaches are unnested; a text search reads
 * each event.
 */
export async function listAuditEvents(
  db: Queryable,
  filter: AuditLogFilter,
  page: { limit: number; skip: number },
  permissions: readonly string[],
): Promise<{ rows: AuditRow[]; total: number }> {
  if (filter.search?.trim()) {
    const params: unknown[] = [];
    const where = auditWhere(filter, permissions, params);
    // The page's (seq, ord) first, then its events: sorting the matches with their JSON costs more.
    const [keys, count] = await Promise.all([
      db.query<{ seq: string; ord: string }>(
        `SELECT seq::text AS seq, ord::text AS ord FROM audit_events ${where} ORDER BY audit_events.seq DESC, audit_events.ord DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.skip],
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_events ${where}`, params),
    ]);
    return { rows: await eventsAt(db, keys), total: count[0].total };
  }
  const params: unknown[] = [];
  const where = auditWhere(filter, permissions, params);
  const n = params.length;
  const [keys, count] = await Promise.all([
    // The keys the page reaches: at most skip + limit of them (each holds one event or more); `upto`
    // counts the events up to and including each.
    db.query<{ seq: string; events: string; upto: string }>(
      `SELECT seq::text AS seq, events::text AS events, upto::text AS upto
         FROM (SELECT seq, events, sum(events) OVER (ORDER BY seq DESC ROWS UNBOUNDED PRECEDING) AS upto
                 FROM (SELECT seq, events FROM audit_event_keys ${where} ORDER BY seq DESC LIMIT $${n + 1}) k) w
        WHERE upto > $${n + 2} AND upto - events < $${n + 1}
        ORDER BY w.seq DESC`,
      [...params, page.skip + page.limit, page.skip],
    ),
    db.query<{ total: number }>(`SELECT coalesce(sum(events), 0)::int AS total FROM audit_event_keys ${where}`, params),
  ]);
  if (keys.length === 0) return { rows: [], total: count[0].total };
  // Events of the first key before the page.
  const within = page.skip - (Number(keys[0].upto) - Number(keys[0].events));
  const rows = await db.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_events WHERE seq = ANY($1::bigint[]) ORDER BY seq DESC, ord DESC LIMIT $2 OFFSET $3`, [
    keys.map((k) => k.seq),
    page.limit,
    within,
  ]);
  return { rows, total: count[0].total };
}

/**
 * Every matching event, newest first, read key by key: each step takes the next keys of
 * audit_event_keys (below the last one read; the filters but the text search narrow them) until
 * they hold `batch` events, and reads the matching events among them. A step reads at most `batch`
 * events plus one batch's worth, whether the search matches many of them or none, so an export of
 * a large log never holds it in memory, never reads it with growing OFFSETs, and never sorts all
 * of a search's matches for each step.
 */
export async function* streamAuditEvents(db: Queryable, filter: AuditLogFilter, permissions: readonly string[], max: number, batch = 1000): AsyncGenerator<AuditRow[]> {
  let below: string | null = null;
  let sent = 0;
  while (sent < max) {
    const keyParams: unknown[] = [];
    let keyWhere = auditWhere({ ...filter, search: undefined }, permissions, keyParams);
    if (below !== null) {
      keyParams.push(below);
      keyWhere = `${keyWhere ? `${keyWhere} AND` : 'WHERE'} seq < $${keyParams.length}::bigint`;
    }
    keyParams.push(batch);
    const keys = await db.query<{ key: string; events: string }>(
      `SELECT seq::text AS key, events::text AS events FROM audit_event_keys ${keyWhere} ORDER BY seq DESC LIMIT $${keyParams.length}`,
      keyParams,
    );
    if (keys.length === 0) return;
    const reach: string[] = [];
    let events = 0;
    for (const k of keys) {
      reach.push(k.key);
      events += Number(k.events);
      if (events >= batch) break;
    }
    below = reach[reach.length - 1];
    const params: unknown[] = [reach];
    const where = auditWhere(filter, permissions, params);
    const rows = await db.query<AuditRow>(
      `SELECT ${AUDIT_COLUMNS} FROM audit_events ${where ? `${where} AND` : 'WHERE'} seq = ANY($1::bigint[]) ORDER BY seq DESC, ord DESC`,
      params,
    );
    if (rows.length === 0) continue;
    const out = rows.slice(0, max - sent);
    sent += out.length;
    yield out;
  }
}

/**
 * The events at these places of the log, in the given order (a page: a few batches at most are
 * unnested). One purged by retention since the keys were read is left out.
 */
async function eventsAt(db: Queryable, keys: { seq: string; ord: string }[]): Promise<AuditRow[]> {
  if (keys.length === 0) return [];
  const rows = await db.query<AuditRow & { key: string }>(
    `SELECT ${AUDIT_COLUMNS}, seq::text || ':' || ord::text AS key FROM audit_events
      WHERE seq = ANY($1::bigint[]) AND (seq, ord) IN (SELECT * FROM unnest($1::bigint[], $2::bigint[]))`,
    [keys.map((k) => k.seq), keys.map((k) => k.ord)],
  );
  const byKey = new Map(rows.map(({ key, ...row }) => [key, row]));
  return keys.flatMap((k) => byKey.get(`${k.seq}:${k.ord}`) ?? []);
}
