import { AUDIT_RETENTION_LIMITS } from '../../contract/texts/admin/audit';

/** The retention field: '' keeps every event (null); a whole number of days in range; undefined when invalid. */
export function parseRetention(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return undefined;
  const days = Number(t);
  return days >= AUDIT_RETENTION_LIMITS.minDays && days <= AUDIT_RETENTION_LIMITS.maxDays ? days : undefined;
}
