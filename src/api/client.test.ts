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
});
