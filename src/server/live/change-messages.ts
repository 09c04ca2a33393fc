import { API_ACCESS, LIVE_BULK_AFTER, LIVE_ENTITY_TYPES, REVIEW_PERMISSION, canSeeRelationNotes, relationFieldsFor, type ChangeMessage, type LiveEntityType } from '../../contract';
import type { AuditEvent } from '../audit/events';

/**
 * From audit events (after commit) to the compact live-change messages (contract/live-changes.ts),
 * and what one reader may receive of them. Pure: the plugin does the sending.
 */

/** Reading nodes, relations, types and the graph is one permission (the API's GET routes). */
export const LIVE_READ_PERMISSION = API_ACCESS['GET /nodes'];

const isLive = (type: string): type is LiveEntityType => (LIVE_ENTITY_TYPES as readonly string[]).includes(type);

/** A comment event's record (its detail names it, audit events keep no other link). */
function commentRecordOf(event: AuditEvent): ChangeMessage['on'] | null {
  if (event.entityType !== 'comment' || !event.detail) return null;
  const { recordType, recordId } = event.detail as { recordType?: unknown; recordId?: unknown };
  return (recordType === 'node' || recordType === 'relation' || recordType === 'proposal') && typeof recordId === 'string' ? { type: recordType, id: recordId } : null;
}

/** A proposal event's proposer, or a proposal comment's (its detail names them). */
function proposerOf(event: AuditEvent): string | null {
  const proposer = (event.detail as { proposer?: { id?: unknown } } | null)?.proposer;
  return typeof proposer?.id === 'string' ? proposer.id : null;
}

/**
 * One transaction's events as messages: only nodes, relations and types; field names without
 * values; more than LIVE_BULK_AFTER records of one type become one `bulk` message (an import must
 * not send thousands of messages to every screen).
 */
export function toChangeMessages(events: readonly AuditEvent[]): ChangeMessage[] {
  const byType = new Map<LiveEntityType, AuditEvent[]>();
  for (const event of events) {
    if (!isLive(event.entityType)) continue;
    const list = byType.get(event.entityType) ?? [];
    list.push(event);
    byType.set(event.entityType, list);
  }
  const out: ChangeMessage[] = [];
  for (const [entityType, list] of byType) {
    if (list.length > LIVE_BULK_AFTER) {
      const last = list[list.length - 1];
      const fields = [...new Set(list.flatMap((e) => e.changes.map((c) => c.field)))];
      out.push({ entityType, id: null, action: 'bulk', fields, actor: last.actor, at: last.at, count: list.length });
      continue;
    }
    for (const e of list) {
      const message: ChangeMessage = { entityType, id: e.entityId, action: e.action, fields: e.changes.map((c) => c.field), actor: e.actor, at: e.at };
      const on = commentRecordOf(e);
      if (on) message.on = on;
      if (entityType === 'proposal' || on?.type === 'proposal') message.proposerId = proposerOf(e);
      out.push(message);
    }
  }
  return out;
}

/**
 * The messages one reader may receive: none without the read permission; a proposal's only by its
 * proposer and reviewers; a relation's `note`
 * is named only to those who may see notes (contract/relation-notes.ts), and an update that
 * changed nothing else is not sent to the others at all (it would tell them the note changed).
 */
export function messagesFor(messages: readonly ChangeMessage[], permissions: readonly string[], userId: string | null = null): ChangeMessage[] {
  if (!permissions.includes(LIVE_READ_PERMISSION)) return [];
  // Pending proposals and their discussions are their proposer's and the reviewers' only (the settings change, id null, is everyone's).
  const reviewer = permissions.includes(REVIEW_PERMISSION);
  const ofProposal = (m: ChangeMessage) => (m.entityType === 'proposal' && m.id !== null) || m.on?.type === 'proposal';
  const visible = messages.filter((m) => !ofProposal(m) || reviewer || (userId !== null && m.proposerId === userId));
  if (canSeeRelationNotes(permissions)) return visible;
  const out: ChangeMessage[] = [];
  for (const m of visible) {
    if (m.entityType !== 'relation' || !m.fields.includes('note')) {
      out.push(m);
      continue;
    }
    const fields = Object.keys(relationFieldsFor(Object.fromEntries(m.fields.map((f) => [f, true])), permissions));
    if (fields.length === 0 && m.action === 'update') continue;
    out.push({ ...m, fields });
  }
  return out;
}
