import { CONFLICT_TEXTS as T } from '../../../contract/texts/conflicts';
import type { ChangedSince as Changed } from '../../../machines/confirm-delete.machine';
import { formatTime } from '../../format';

/** One field of a record: its label and its value as the screen shows it. */
export interface ComparedField {
  key: string;
  label: string;
  /** The record now (after the change the user had not seen). */
  now: string;
  /** The record as the user saw it when asking to delete. */
  seen: string;
}

/**
 * The second question of a delete refused because the record changed since the user saw it:
 * who changed it and when, the fields that differ (now against what the user saw), and whether
 * to delete it anyway.
 */
export function ChangedSince({ changed, fields }: { changed: Changed; fields: ComparedField[] }) {
  const differing = fields.filter((f) => f.now !== f.seen);
  return (
    <div className="kg-conflict kg-delete-changed">
      <p className="kg-conflict__who" role="status">
        {T.deleteChanged(changed.changedBy?.username ?? T.someone, formatTime(changed.changedAt) || '—')}
      </p>
      {differing.length > 0 && (
        <div className="kg-conflict__scroll">
          <table className="kg-conflict__table">
            <thead>
              <tr>
                <th scope="col">{T.field}</th>
                <th scope="col">{T.deleteNow}</th>
                <th scope="col">{T.deleteSeen}</th>
              </tr>
            </thead>
            <tbody>
              {differing.map((f) => (
                <tr key={f.key} data-field={f.key}>
                  <th scope="row">{f.label}</th>
                  <td data-side="now">{f.now || T.empty}</td>
                  <td data-side="seen">{f.seen || T.empty}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
