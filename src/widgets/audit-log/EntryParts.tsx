import { useState } from 'react';
import type { AuditLogEntry } from '../../contract/admin/audit-log';
import { AUDIT_LOG_TEXTS as T } from '../../contract/texts/admin/audit';
import { cx } from '../../ui/cx';
import { formatDate, formatTime } from '../format';
import { actionLabel, actorText, CLAMP_CHARS, detailPairs, entityLabel, fieldLabel, valueText } from './entry-format';

/** When: the local date and time; the exact instant in the title. */
export function When({ e }: { e: AuditLogEntry }) {
  return (
    <time className="kg-admin__date" dateTime={e.at} title={e.at}>
      <span>{formatDate(e.at, '')}</span>
      <span className="kg-admin__time">{formatTime(e.at)}</span>
    </time>
  );
}

export function Actor({ e }: { e: AuditLogEntry }) {
  return <span className={cx('kg-audit__actor', !e.actor && 'kg-audit__actor--none')}>{actorText(e)}</span>;
}

export function ActionChip({ e }: { e: AuditLogEntry }) {
  const tone = e.action === 'sign_in_failed' || e.action === 'delete' || e.action === 'purge' ? 'kg-audit__action--alert' : undefined;
  return <span className={cx('kg-chip', 'kg-audit__action', tone)}>{actionLabel(e.action)}</span>;
}

/** The record: its kind and id (clamped to one line; the whole id in the title). */
export function RecordCell({ e }: { e: AuditLogEntry }) {
  return (
    <span className="kg-audit__record">
      <span className="kg-audit__entity">{entityLabel(e.entityType)}</span>
      {e.entityId && (
        <span className="kg-audit__id" title={e.entityId}>
          {e.entityId}
        </span>
      )}
    </span>
  );
}

/**
 * What changed (field: before → after) and what else the event says (counts, reasons). Long
 * values and long lists are clamped; a Show more button (keyboard reachable, aria-expanded)
 * opens the whole entry.
 */
export function Changes({ e }: { e: AuditLogEntry }) {
  const [open, setOpen] = useState(false);
  const changes = e.changes.map((c) => ({ field: c.field, label: fieldLabel(c.field), before: valueText(c.before, c.field), after: valueText(c.after, c.field) }));
  const details = detailPairs(e).filter(([key]) => !(e.actor === null && key === 'username'));
  const long = changes.length + details.length > 3 || changes.some((c) => c.before.length + c.after.length > CLAMP_CHARS) || details.some(([, , v]) => v.length > CLAMP_CHARS);
  if (changes.length === 0 && details.length === 0) return <span className="kg-audit__none">—</span>;
  return (
    <div className={cx('kg-audit__changes', long && !open && 'kg-audit__changes--clamped')}>
      <ul className="kg-audit__list">
        {changes.map((c) => (
          <li key={c.field} className="kg-audit__change">
            <span className="kg-audit__field">{c.label}:</span> <span className={cx('kg-audit__before', c.before === T.empty && 'kg-audit__before--empty')}>{c.before}</span> <span className="kg-audit__arrow">→</span>{' '}
            <span className="kg-audit__after">{c.after}</span>
          </li>
        ))}
        {details.map(([key, label, value]) => (
          <li key={key} className="kg-audit__detail">
            <span className="kg-audit__field">{label}:</span> {value}
          </li>
        ))}
      </ul>
      {long && (
        <button type="button" className="kg-audit__more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? T.showLess : T.showMore}
        </button>
      )}
    </div>
  );
}
