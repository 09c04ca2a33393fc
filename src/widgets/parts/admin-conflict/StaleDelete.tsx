import { useCallback, useState } from 'react';
import { isEditConflict } from '../../../api/client';
import { CONFLICT_TEXTS as T } from '../../../contract/texts/conflicts';
import { useLatest } from '../../../ui/use-latest';
import { formatTime } from '../../format';

interface Versioned {
  id: string;
  version?: number;
}

/** A delete refused with 412: the row as the list showed it and as it now is. */
interface Stale<R> {
  before: R | undefined;
  current: R;
  changedBy: { username: string } | null;
  changedAt: string | null;
}

export interface StaleDeleteState<R> {
  /** The confirm-delete machine's call: sends the listed version as If-Match. */
  remove: (id: string) => Promise<unknown>;
  stale: Stale<R> | null;
}

/**
 * A delete of a listed record sends the version the list shows (docs/architecture/versions.md). When
 * someone changed the record since, the server refuses with 412; the list then shows the record as it
 * is, so confirming again deletes what the user has now been shown, and the dialog says what changed.
 */
export function useStaleDelete<R extends Versioned>(rows: readonly R[] | null | undefined, remove: (id: string, version?: number) => Promise<unknown>, onCurrent: (current: R) => void): StaleDeleteState<R> {
  const latest = useLatest({ rows, remove, onCurrent });
  const [stale, setStale] = useState<Stale<R> | null>(null);
  const call = useCallback(
    async (id: string) => {
      const before = latest.current.rows?.find((r) => r.id === id);
      setStale(null);
      try {
        return await latest.current.remove(id, before?.version);
      } catch (err) {
        if (isEditConflict<R>(err) && err.current) {
          setStale({ before, current: err.current, changedBy: err.changedBy, changedAt: err.changedAt });
          latest.current.onCurrent(err.current);
        }
        throw err;
      }
    },
    [latest],
  );
  return { remove: call, stale };
}

export interface StaleDeleteProps<R> {
  state: StaleDeleteState<R>;
  /** The record the dialog is open for: a note about another one is not shown. */
  targetId: string | undefined;
  /** The fields a person recognises the record by, as text. */
  fields: readonly { label: string; show: (row: R) => string }[];
}

/** "Changed by {name} at {time} since you opened it. Delete it anyway?" and what changed, before → now. */
export function StaleDelete<R extends Versioned>({ state, targetId, fields }: StaleDeleteProps<R>) {
  const { stale } = state;
  if (!stale || stale.current.id !== targetId) return null;
  const changes = stale.before ? fields.filter((f) => f.show(stale.before!) !== f.show(stale.current)) : [];
  return (
    <div className="kg-stale-delete" role="status" data-testid="stale-delete">
      <p>{T.deleteChanged(stale.changedBy?.username ?? T.someone, formatTime(stale.changedAt) || '—')}</p>
      {changes.length > 0 && (
        <ul>
          {changes.map((f) => (
            <li key={f.label}>
              <strong>{f.label}</strong>: <span>{f.show(stale.before!) || T.empty}</span> → <span>{f.show(stale.current) || T.empty}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
