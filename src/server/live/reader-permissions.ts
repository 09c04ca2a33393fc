import type { Queryable } from '../db/db';
import { findSessions } from '../modules/users/repository';

/**
 * What a connected sign-in may read now. A socket lives for hours while roles change, accounts are
 * deactivated and sign-ins are revoked: live messages are filtered with permissions read from the
 * database, kept for about a second per sign-in (a burst of changes costs one lookup per connected
 * sign-in, not one per message). An inactive or deleted account, or a revoked sign-in, reads nothing.
 */
const TTL_MS = 1000;

export class ReaderPermissions {
  readonly #cache = new Map<string, { at: number; permissions: Promise<string[]> }>();

  constructor(private readonly db: Queryable) {}

  of(userId: string, sessionId: string): Promise<string[]> {
    const now = Date.now();
    const key = `${userId} ${sessionId}`;
    const hit = this.#cache.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.permissions;
    const permissions = findSessions(this.db, [{ userId, sessionId }]).then(
      ([state]) => state.permissions,
      (err: unknown) => {
        this.#cache.delete(key);
        throw err;
      },
    );
    this.#cache.set(key, { at: now, permissions });
    if (this.#cache.size > 10_000) this.#sweep(now);
    return permissions;
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#cache) if (now - entry.at >= TTL_MS) this.#cache.delete(key);
  }
}
