import { useCallback, useRef, useState } from 'react';
import { EditConflictError, isEditConflict } from '../../../api/client';
import { CONFLICT_TEXTS } from '../../../contract/texts/conflicts';

export interface EditConflictState<T> {
  /** The 412 being resolved (null: none). */
  conflict: EditConflictError<T> | null;
  /** Runs a write with the version the form edits; a 412 is kept for the dialog, then rethrown. */
  guard: <R>(write: (version: number | undefined) => Promise<R>) => Promise<R>;
  /** The form now edits the record as it is: later writes carry its version; the dialog closes. */
  adopt: () => T | null;
  /** Closes the dialog without adopting (the next save is refused again). */
  dismiss: () => void;
  /** After a successful save: the version the form goes on from. */
  saved: (version: number | undefined) => void;
  /** The version the form now edits (what a delete from the form sends). */
  current: () => number | undefined;
  /**
   * Opens the comparison before any save was refused: the record as it now is (read after another
   * user's save was announced) against the form's values, exactly as a 412 would.
   */
  review: (current: T, changedBy: { id: string; username: string } | null, changedAt: string | null) => void;
}

/**
 * The version a form edits and the 412 it may meet (docs/architecture/versions.md). The form's
 * values stay where they are (its machine or state); this keeps only which version they were made
 * from and the conflict to show.
 */
export function useEditConflict<T extends { version?: number }>(initialVersion: number | undefined): EditConflictState<T> {
  const version = useRef(initialVersion);
  const [conflict, setConflict] = useState<EditConflictError<T> | null>(null);
  const guard = useCallback(async <R,>(write: (v: number | undefined) => Promise<R>): Promise<R> => {
    try {
      return await write(version.current);
    } catch (err) {
      if (isEditConflict<T>(err)) setConflict(err);
      throw err;
    }
  }, []);
  const adopt = () => {
    const current = conflict?.current ?? null;
    if (current?.version !== undefined) version.current = current.version;
    setConflict(null);
    return current;
  };
  const dismiss = useCallback(() => setConflict(null), []);
  const saved = useCallback((v: number | undefined) => {
    version.current = v;
  }, []);
  const review = useCallback((current: T, changedBy: { id: string; username: string } | null, changedAt: string | null) => {
    setConflict(new EditConflictError<T>(CONFLICT_TEXTS.stale, current, changedBy, changedAt));
  }, []);
  const current = useCallback(() => version.current, []);
  return { conflict, guard, adopt, dismiss, saved, review, current };
}
