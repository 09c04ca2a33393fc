import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError } from './http';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

describe('http', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends objects as JSON with the query string, FormData as it is, and parses JSON answers', async () => {
    const fetch = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    expect(await http('https://kg.test/api', '/nodes', { method: 'POST', query: { page: 2, q: 'a b' }, body: { name: 'x' } })).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://kg.test/api/nodes?page=2&q=a+b');
    expect(init.body).toBe('{"name":"x"}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');

    const form = new FormData();
    await http('', '/upload', { method: 'POST', body: form });
    const [, upload] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(upload.body).toBe(form);
    expect((upload.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('rejects with the status and the parsed error body; a network failure has status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ error: 'Not allowed', code: 'forbidden' }, 403)));
    await expect(http('', '/x')).rejects.toMatchObject({ status: 403, data: { error: 'Not allowed', code: 'forbidden' } });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await http('', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(0);
  });

  it('gives a Blob when asked and undefined for an empty answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('abc', { headers: { 'content-type': 'application/octet-stream' } })));
    const blob = await http<Blob>('', '/file', { responseType: 'blob' });
    expect(await blob.text()).toBe('abc');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    expect(await http('', '/gone', { method: 'DELETE' })).toBeUndefined();
  });
});
