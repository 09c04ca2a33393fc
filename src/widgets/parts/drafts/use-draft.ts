import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../api/client';
import { browserStorage, sessionKeys, storageKey } from '../../../api/storage-keys';

/**
 * Nothing typed is lost: a form's unsaved values are kept in the browser per server, user and record
 * (`kg:<base>:draft:<userId>:<kind>:<id|new>`, named like the session keys) while they differ from
 * what the form started with, and offered back when the form opens again (after a reload, a crash
 * or a sign-out: signing out removes only the session's keys). Saving or discarding clears them.
 */
export interface StoredDraft<V> {
  values: V;
  /** When it was last written (ISO). */
  savedAt: string;
}

/** The key of one record's draft for one user. */
export function draftKey(base: string, userId: string, kind: string, id: string | null | undefined): string {
  return storageKey(base, `draft:${userId}:${kind}:${id ?? 'new'}`);
}

/** The signed-in user: the session's, else the one the session keeps in storage (before /auth/me answered). */
function userIdOf(api: ApiClient): string | undefined {
  const current = api.session.currentUser?.id;
  if (current) return current;
  try {
    const raw = browserStorage()?.getItem(sessionKeys(api.base).user);
    const id = raw ? (JSON.parse(raw) as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

function read<V>(key: string | null): StoredDraft<V> | null {
  if (!key) return null;
  try {
    const raw = browserStorage()?.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as StoredDraft<V>) : null;
    return parsed && typeof parsed.savedAt === 'string' && parsed.values && typeof parsed.values === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export interface Draft<V> {
  /** A draft from an earlier visit, until restored or discarded. */
  offer: StoredDraft<V> | null;
  /** Takes the offered values (the caller puts them into the form); the draft stays until saved. */
  restore: () => V | null;
  /** Drops the offered draft (and the stored one). */
  discard: () => void;
  /** Saved or cancelled: forget the draft. */
  clear: () => void;
}

/**
 * `values` are written while they differ from `initial` (`same` compares); nothing is written while
 * an offer is pending (the old draft must not be overwritten before the user chose) or when disabled
 * (no user, read-only form).
 */
export function useDraft<V extends object>(api: ApiClient, kind: string, id: string | null | undefined, values: V, initial: V, same: (a: V, b: V) => boolean, enabled = true): Draft<V> {
  const userId = userIdOf(api);
  const key = enabled && userId ? draftKey(api.base, userId, kind, id) : null;
  const [offer, setOffer] = useState<StoredDraft<V> | null>(() => {
    const stored = read<V>(key);
    return stored && !same(stored.values, initial) ? stored : null;
  });
  const [cleared, setCleared] = useState(false);

  useEffect(() => {
    if (!key || offer || cleared) return;
    const s = browserStorage();
    try {
      if (same(values, initial)) s?.removeItem(key);
      else s?.setItem(key, JSON.stringify({ values, savedAt: new Date().toISOString() } satisfies StoredDraft<V>));
    } catch {
      // Storage full or refused: the form works on, without a draft.
    }
  }, [key, values, initial, same, offer, cleared]);

  const remove = () => {
    if (key) browserStorage()?.removeItem(key);
  };
  return {
    offer,
    restore: () => {
      const values = offer?.values ?? null;
      setOffer(null);
      return values;
    },
    discard: () => {
      remove();
      setOffer(null);
    },
    clear: () => {
      remove();
      setCleared(true);
      setOffer(null);
    },
  };
}
