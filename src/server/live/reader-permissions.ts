import type { Queryable } from '../db/db';
import { findUserById, userPermissions } from '../modules/users/repository';

/**
 * What a connected user may read now. A socket lives for hours while roles change and accounts are
 * deactivated: live messages are filtered with permissions read from the database, kept for a few
 * seconds per user (a burst of changes costs one lookup per connected user, not one per message).
 * An inactive or deleted account reads nothing.
 */
const TTL_MS = 5000;

export class ReaderPermissions {
  readonly #cache = new Map<string, { at: number; permissions: Promise<string[]> }>();

  constructor(private readonly db: Queryable) {}

  of(userId: string): Promise<string[]> {
    const now = Date.now();
    const hit = this.#cache.get(userId);
    if (hit && now - hit.at < TTL_MS) return hit.permissions;
    const permissions = findUserById(this.db, userId).then(
      (user) => (user?.is_active ? userPermissions(user) : []),
      (err: unknown) => {
        this.#cache.delete(userId);
        throw err;
      },
    );
    this.#cache.set(userId, { at: now, permissions });
    if (this.#cache.size > 10_000) this.#sweep(now);
    return permissions;
  }

  #sweep(now: number): void {
    for (const [id, entry] of this.#cache) if (now - entry.at >= TTL_MS) this.#cache.delete(id);
  }
}
