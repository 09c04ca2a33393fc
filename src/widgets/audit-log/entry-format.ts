import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_LOG_TEXTS as T } from '../../contract/audit-log-texts';
import type { AuditLogEntry } from '../../contract/audit-log';

/**
 * How an audit event reads on screen (zod-free): labels for actions and entity types (unknown
 * ones as they are), values as short text, and who did it.
 */
export const actionLabel = (action: string) => (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action.replace(/_/g, ' ');
export const entityLabel = (type: string) => (AUDIT_ENTITY_LABELS as Record<string, string>)[type] ?? type.replace(/_/g, ' ');

/** A field value as text: strings as they are, empty as "(empty)", lists and objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return T.empty;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

/** The actor's name; a failed sign-in (no actor) shows the name that was typed. */
export function actorText(e: AuditLogEntry): string {
  if (e.actor) return e.actor.username;
  const typed = e.detail?.username;
  return typeof typed === 'string' ? `${typed} (${T.notSignedIn})` : T.system;
}

/** `detail` as label–value pairs (counts, reasons, the client address). */
export function detailPairs(e: AuditLogEntry): [string, string][] {
  return Object.entries(e.detail ?? {}).map(([key, value]) => [key, valueText(value)]);
}

/** Values longer than this are clamped with a Show more button. */
export const CLAMP_CHARS = 140;
