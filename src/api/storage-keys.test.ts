import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateHostStorage, resolveApiBase, sessionKeys, storageKey } from './storage-keys';
import { SessionStore } from './session-store';

/** A Storage held in a Map (node has no localStorage). */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}
const dump = (s: Storage) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)]));

beforeEach(() => vi.stubGlobal('location', new URL('https://Portal.Example:8443/wiki/page?x=1')));
afterEach(() => vi.unstubAllGlobals());

describe('storage key naming', () => {
  it('resolves the API base against the page: absolute, lower-case origin, no trailing slash', () => {
    expect(resolveApiBase('')).toBe('https://portal.example:8443');
    expect(resolveApiBase('/kg/')).toBe('https://portal.example:8443/kg');
    expect(resolveApiBase('HTTPS://KG.Hospital.ORG/')).toBe('https://kg.hospital.org');
    expect(resolveApiBase('https://kg.hospital.org/Graph//')).toBe('https://kg.hospital.org/Graph');
    expect(storageKey('https://KG.hospital.org/', 'dashboard.nodes.view')).toBe('kg:https://kg.hospital.org:dashboard.nodes.view');
    expect(sessionKeys('')).toEqual({
      accessToken: 'kg:https://portal.example:8443:accessToken',
      refreshToken: 'kg:https://portal.example:8443:refreshToken',
      user: 'kg:https://portal.example:8443:user',
    });
  });

  it('keeps one session per server and never touches the page’s own bare keys', () => {
    const storage = memoryStorage({ accessToken: 'portal-owned' });
    vi.stubGlobal('localStorage', storage);
    const a = new SessionStore('https://a.test');
    const b = new SessionStore('https://B.test/');
    a.setTokens('a-access', 'a-refresh');
    b.setTokens('b-access', null);
    expect([a.accessToken, a.refreshToken, b.accessToken, b.refreshToken]).toEqual(['a-access', 'a-refresh', 'b-access', null]);
    a.clear();
    expect(b.accessToken).toBe('b-access');
    expect(dump(storage)).toEqual({ accessToken: 'portal-owned', 'kg:https://b.test:accessToken': 'b-access' });
  });
});

describe('host migration of the bare keys', () => {
  it('moves the spec’s bare keys and the old dashboard keys to the host’s base once, then removes them', () => {
    const storage = memoryStorage({ accessToken: 'old-a', refreshToken: 'old-r', user: '{"id":"u1"}', 'kg.dashboard.nodes.view': 'table', unrelated: 'kept' });
    migrateHostStorage('', storage);
    const base = 'kg:https://portal.example:8443';
    expect(dump(storage)).toEqual({
      unrelated: 'kept',
      [`${base}:accessToken`]: 'old-a',
      [`${base}:refreshToken`]: 'old-r',
      [`${base}:user`]: '{"id":"u1"}',
      [`${base}:dashboard.nodes.view`]: 'table',
      [`${base}:storage-migrated`]: '1',
    });

    // Once: a bare key written later (not by us) stays where it is.
    storage.setItem('accessToken', 'someone-else');
    migrateHostStorage('', storage);
    expect(storage.getItem('accessToken')).toBe('someone-else');
    expect(storage.getItem(`${base}:accessToken`)).toBe('old-a');
  });

  it('lets a value already under the new key win, and is only done by the host', () => {
    const storage = memoryStorage({ accessToken: 'old', 'kg:https://portal.example:8443:accessToken': 'new' });
    migrateHostStorage('', storage);
    expect(dump(storage)).toMatchObject({ 'kg:https://portal.example:8443:accessToken': 'new' });
    expect(storage.getItem('accessToken')).toBeNull();

    // A widget's store (any base) reads only its namespaced keys.
    const portal = memoryStorage({ accessToken: 'portal-owned', refreshToken: 'portal-refresh' });
    vi.stubGlobal('localStorage', portal);
    expect(new SessionStore('').accessToken).toBeNull();
    expect(portal.getItem('accessToken')).toBe('portal-owned');
  });
});
