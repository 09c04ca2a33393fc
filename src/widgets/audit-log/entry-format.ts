import { AUDIT_FIELD_LABELS, AUDIT_VALUE_LABELS } from '../../contract/texts/admin/audit';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_LOG_TEXTS as T } from '../../contract/texts/admin/audit';
import type { AuditLogEntry } from '../../contract/admin/audit-log';
import { formatNumber } from '../../i18n/runtime';
import { formatDate, formatTime } from '../format';

/**
 * How an audit event reads on screen (zod-free): labels for actions and entity types (unknown
 * ones as they are), values as short text, and who did it.
 */
export const actionLabel = (action: string) => (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action.replace(/_/g, ' ');
export const entityLabel = (type: string) => (AUDIT_ENTITY_LABELS as Record<string, string>)[type] ?? type.replace(/_/g, ' ');

const own = (labels: object, key: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(labels, key) ? (labels as Record<string, string>)[key] : undefined;

/** A field or detail name in words: its label, else the key spelt out (`someKey` → "some key"). */
export const fieldLabel = (key: string): string =>
  own(AUDIT_FIELD_LABELS, key) ?? key.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A field value as text in the reader's language: strings as they are (codes of `reason` and
 * `kind` in words, instants as local date and time), empty as "(empty)", yes/no for booleans,
 * numbers grouped the language's way, lists joined, counts per record kind in words.
 */
export function valueText(value: unknown, key?: string): string {
  if (value === null || value === undefined || value === '') return T.empty;
  if (typeof value === 'boolean') return value ? AUDIT_VALUE_LABELS.yes : AUDIT_VALUE_LABELS.no;
  if (typeof value === 'number') return key === 'fromEvent' || key === 'migration' || key === 'formatVersion' ? String(value) : formatNumber(value);
  if (typeof value === 'string') {
    const codes = key === 'reason' ? AUDIT_VALUE_LABELS.reason : key === 'kind' ? AUDIT_VALUE_LABELS.kind : key === 'attachmentMode' ? AUDIT_VALUE_LABELS.attachmentMode : undefined;
    const coded = codes && own(codes, value);
    if (coded) return coded;
    return ISO_INSTANT.test(value) ? `${formatDate(value, value)} ${formatTime(value)}` : value;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  // A list of records (what a restore left out): each by its label, the name a person knows it by.
  if (Array.isArray(value))
    return value.map((v) => (v && typeof v === 'object' && typeof (v as { label?: unknown }).label === 'string' ? (v as { label: string }).label : valueText(v))).join('; ');
  // An object (an attachment, a backup's counts): its parts in words, never its keys.
  if (typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value as Record<string, unknown>)
      .map(([part, v]) => `${(key === 'counts' && own(AUDIT_VALUE_LABELS.counts, part)) || fieldLabel(part)}: ${valueText(v, part)}`)
      .join(', ');
  return JSON.stringify(value);
}

/** The actor's name; a failed sign-in (no actor) shows the name that was typed. */
export function actorText(e: AuditLogEntry): string {
  if (e.actor) return e.actor.username;
  const typed = e.detail?.username;
  return typeof typed === 'string' ? `${typed} (${T.notSignedIn})` : T.system;
}

/** `detail` as key, label and value (counts, reasons, the client address), each in words. */
export function detailPairs(e: AuditLogEntry): [key: string, label: string, value: string][] {
  return Object.entries(e.detail ?? {}).map(([key, value]) => [key, fieldLabel(key), valueText(value, key)]);
}

/** Values longer than this are clamped with a Show more button. */
export const CLAMP_CHARS = 140;
