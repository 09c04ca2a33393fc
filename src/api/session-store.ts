import { STORAGE_KEYS, type User } from '../contract';

/**
 * The browser's session: the two tokens in localStorage (spec §3 Session) plus the current
 * user. One store per API base per page, so every widget on a page (and the host) shares
 * one session and one refresh. Other tabs' sign-in/sign-out arrive through storage events.
 */
export interface SessionSnapshot {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
}

type Listener = (snapshot: SessionSnapshot) => void;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

export class SessionStore {
  private listeners = new Set<Listener>();
  private user: User | null = null;
  private memory: { accessToken: string | null; refreshToken: string | null } = { accessToken: null, refreshToken: null };
  /** The refresh in flight, shared by every caller that hits a 401 at the same time. */
  refreshing: Promise<boolean> | null = null;

  constructor() {
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (e) => {
        if (e.key === STORAGE_KEYS.accessToken || e.key === STORAGE_KEYS.refreshToken || e.key === null) {
          if (!this.accessToken) this.user = null;
          this.emit();
        }
      });
    }
  }

  get accessToken(): string | null {
    return storage()?.getItem(STORAGE_KEYS.accessToken) ?? this.memory.accessToken;
  }
  get refreshToken(): string | null {
    return storage()?.getItem(STORAGE_KEYS.refreshToken) ?? this.memory.refreshToken;
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
      s.setItem(STORAGE_KEYS.accessToken, accessToken);
      if (refreshToken === null) s.removeItem(STORAGE_KEYS.refreshToken);
      else s.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    } else {
      this.memory = { accessToken, refreshToken };
    }
    this.emit();
  }

  setUser(user: User | null): void {
    this.user = user;
    const s = storage();
    // The current user (id, username) is also kept in local storage (spec §3 User).
    if (user) s?.setItem(STORAGE_KEYS.user, JSON.stringify({ id: user.id, username: user.username }));
    else s?.removeItem(STORAGE_KEYS.user);
    this.emit();
  }

  clear(): void {
    const s = storage();
    s?.removeItem(STORAGE_KEYS.accessToken);
    s?.removeItem(STORAGE_KEYS.refreshToken);
    s?.removeItem(STORAGE_KEYS.user);
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

/** The page-wide store for an API base ('' = same origin). */
export function sessionStoreFor(apiBase: string): SessionStore {
  let store = stores.get(apiBase);
  if (!store) {
    store = new SessionStore();
    stores.set(apiBase, store);
  }
  return store;
}
