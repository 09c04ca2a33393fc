import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, onSessionExpired } from './client';

/** A 401 that no refresh can fix ends the session and tells exactly the handlers still subscribed. */
describe('onSessionExpired', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls subscribed handlers once and never an unsubscribed one', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Unauthorized', code: 'unauthorized' }), { status: 401, headers: { 'content-type': 'application/json' } })));
    const base = 'http://expiry.test';
    const api = apiClient({ base });
    const kept = vi.fn();
    const dropped = vi.fn();
    const unsubscribeKept = onSessionExpired(base, kept);
    const unsubscribeDropped = onSessionExpired(`${base}/`, dropped); // same base, trailing slash
    unsubscribeDropped();

    api.session.setTokens('expired-token', null);
    await expect(api.request('/nodes')).rejects.toMatchObject({ status: 401 });
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
    expect(api.session.accessToken).toBeNull();

    unsubscribeKept();
    api.session.setTokens('expired-again', null);
    await expect(api.request('/nodes')).rejects.toMatchObject({ status: 401 });
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it('on a 401 refreshes once, stores the new tokens and repeats the call once with them', async () => {
    const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const user = { id: 'u1', username: 'ada' };
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/refresh')) return reply({ accessToken: 'fresh', refreshToken: 'refresh-2', user });
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer fresh' ? reply({ items: [] }) : reply({ error: 'Unauthorized', code: 'unauthorized' }, 401);
    });
    vi.stubGlobal('fetch', fetch);
    const api = apiClient({ base: 'http://refresh.test' });
    api.session.setTokens('stale', 'refresh-1');
    await expect(Promise.all([api.request('/nodes'), api.request('/relations')])).resolves.toEqual([{ items: [] }, { items: [] }]);
    const urls = fetch.mock.calls.map(([url]) => url.replace('http://refresh.test/api', ''));
    expect(urls.filter((u) => u === '/auth/refresh')).toHaveLength(1); // one refresh for both calls
    expect(urls.filter((u) => u === '/nodes')).toHaveLength(2); // the 401 is not retried by the HTTP layer
    expect([api.session.accessToken, api.session.refreshToken]).toEqual(['fresh', 'refresh-2']);
  });
});
