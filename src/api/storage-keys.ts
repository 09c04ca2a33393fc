import { STORAGE_KEYS } from '../contract';

/**
 * The one place that names browser-storage keys (DESIGN §9: storage is per server). Every item
 * the widgets or the host keep is stored as `kg:<base>:<name>`, where `<base>` is the API base
 * resolved against the page: absolute, scheme and host in lower case, no trailing slash. So a
 * portal's own `accessToken` is never touched, and two elements pointed at two servers on one
 * page keep two sessions. The spec's bare keys (§3 Session) are only read once, by the host
 * (`migrateHostStorage`), never by a widget: on someone else's page they are the portal's.
 */

/** The API base as storage sees it: '' (same origin) becomes the page's origin. */
export function resolveApiBase(base = ''): string {
  const page = typeof location === 'undefined' ? undefined : location.href;
  let resolved: string;
  try {
    // URL lower-cases scheme and host and keeps the path as written.
    resolved = new URL(base || '/', page).href;
  } catch {
    resolved = base; // no page to resolve against (unit tests in node with a relative base)
  }
  return resolved.replace(/[?#].*$/, '').replace(/\/+$/, '');
}

/** The storage key of `name` for the server at `base`. */
export function storageKey(base: string, name: string): string {
  return `kg:${resolveApiBase(base)}:${name}`;
}

/** The session's three items for one server (spec §3 Session names, namespaced). */
export function sessionKeys(base: string): Record<keyof typeof STORAGE_KEYS, string> {
  return {
    accessToken: storageKey(base, STORAGE_KEYS.accessToken),
    refreshToken: storageKey(base, STORAGE_KEYS.refreshToken),
    user: storageKey(base, STORAGE_KEYS.user),
  };
}

/** localStorage, or null when the browser refuses it (privacy mode, sandboxed iframe). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keys written before storage was per server, and their new names. */
const LEGACY_KEYS: ReadonlyArray<readonly [legacy: string, name: string]> = [
  [STORAGE_KEYS.accessToken, STORAGE_KEYS.accessToken],
  [STORAGE_KEYS.refreshToken, STORAGE_KEYS.refreshToken],
  [STORAGE_KEYS.user, STORAGE_KEYS.user],
  ['kg.dashboard.nodes.view', 'dashboard.nodes.view'],
  ['kg.dashboard.relations.view', 'dashboard.relations.view'],
];
const MIGRATED = 'storage-migrated';

/**
 * Host app only, once per browser and server: moves the bare keys an earlier host wrote to the
 * host's base (a signed-in user stays signed in across the upgrade) and removes them. A value
 * already under the new key wins. The marker keeps a later bare `accessToken` (something else on
 * the host's origin) from being taken over on the next load.
 */
export function migrateHostStorage(base: string, storage: Storage | null = browserStorage()): void {
  if (!storage) return;
  const marker = storageKey(base, MIGRATED);
  try {
    if (storage.getItem(marker)) return;
    for (const [legacy, name] of LEGACY_KEYS) {
      const value = storage.getItem(legacy);
      if (value === null) continue;
      const key = storageKey(base, name);
      if (storage.getItem(key) === null) storage.setItem(key, value);
      storage.removeItem(legacy);
    }
    storage.setItem(marker, '1');
  } catch {
    /* storage full or refused: the user signs in again, nothing else is lost */
  }
}
