import type { User } from '../contract';
import { browserStorage as storage, resolveApiBase, sessionKeys } from './storage-keys';

/**
 * The browser's session: the two tokens in localStorage (spec §3 Session) plus the current
 * user, under keys of this API base (`kg:<base>:accessToken`, see storage-keys.ts). One store
 * per API base per page, so every widget on a page (and the host) pointed at one server shares
 * one session and one refresh, and a second server keeps its own. Other tabs' sign-in/sign-out
 * arrive through storage events, only for this base's keys.
 */
export interface SessionSnapshot {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
}

type Listener = (snapshot: SessionSnapshot) => void;

export class SessionStore {
  private listeners = new Set<Listener>();
  private user: User | null = null;
  private memory: { accessToken: string | null; refreshToken: string | null } = { accessToken: null, refreshToken: null };
  /** The refresh in flight, shared by every caller that hits a 401 at the same time. */
  refreshing: Promise<boolean> | null = null;

  private readonly keys: ReturnType<typeof sessionKeys>;

  constructor(apiBase = '') {
    this.keys = sessionKeys(apiBase);
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (e) => {
        if (e.key === this.keys.accessToken || e.key === this.keys.refreshToken || e.key === null) {
          if (!this.accessToken) this.user = null;
          this.emit();
        }
      });
    }
  }

  get accessToken(): string | null {
    return storage()?.getItem(this.keys.accessToken) ?? this.memory.accessToken;
  }
  get refreshToken(): string | null {
    return storage()?.getItem(this.keys.refreshToken) ?? this.memory.refreshToken;
  }
  get currentUser(): User | null {
    return this.user;
  }
  snapshot(): SessionSnapshot {
    return { accessToken: this.accessToken, refreshToken: this.refreshToken, user: this.user };
  }

  /** `refreshToken` null: a session handed over without one (it ends when the access token does). */
  setTokens(accessToken: string, refreshToken: string | null): void {
    const s = storage();
    if (s) {
      s.setItem(this.keys.accessToken, accessToken);
      if (refreshToken === null) s.removeItem(this.keys.refreshToken);
      else s.setItem(this.keys.refreshToken, refreshToken);
    } else {
      this.memory = { accessToken, refreshToken };
    }
    this.emit();
  }

  setUser(user: User | null): void {
    this.user = user;
    const s = storage();
    // The current user (id, username) is also kept in local storage (spec §3 User).
    if (user) s?.setItem(this.keys.user, JSON.stringify({ id: user.id, username: user.username }));
    else s?.removeItem(this.keys.user);
    this.emit();
  }

  clear(): void {
    const s = storage();
    s?.removeItem(this.keys.accessToken);
    s?.removeItem(this.keys.refreshToken);
    s?.removeItem(this.keys.user);
    this.memory = { accessToken: null, refreshToken: null };
    this.user = null;
    this.emit();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit() {
    const snap = this.snapshot();
    for (const l of this.listeners) l(snap);
  }
}

const stores = new Map<string, SessionStore>();

/** The page-wide store for an API base ('' = same origin; one store per resolved base). */
export function sessionStoreFor(apiBase: string): SessionStore {
  const key = resolveApiBase(apiBase);
  let store = stores.get(key);
  if (!store) {
    store = new SessionStore(apiBase);
    stores.set(key, store);
  }
  return store;
}
