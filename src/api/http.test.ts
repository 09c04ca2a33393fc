import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError } from './http';

const failedToFetch = () => Promise.reject(new TypeError('Failed to fetch'));

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
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');

    const form = new FormData();
    await http('', '/upload', { method: 'POST', body: form });
    const [, upload] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(upload.body).toBe(form);
    expect(new Headers(upload.headers).get('content-type')).toBeNull();
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

  it('retries a read once after a network failure or a "try again" status, never a write', async () => {
    const flaky = vi.fn<typeof fetch>().mockImplementationOnce(failedToFetch).mockResolvedValue(json({ ok: true }));
    vi.stubGlobal('fetch', flaky);
    expect(await http('', '/nodes')).toEqual({ ok: true });
    expect(flaky).toHaveBeenCalledTimes(2);

    const busy = vi.fn(async () => json({ error: 'Busy' }, 503));
    vi.stubGlobal('fetch', busy);
    await expect(http('', '/nodes')).rejects.toMatchObject({ status: 503 });
    expect(busy).toHaveBeenCalledTimes(2); // one retry, then the answer

    for (const method of ['POST', 'PUT', 'DELETE']) {
      const write = vi.fn(failedToFetch);
      vi.stubGlobal('fetch', write);
      await expect(http('', '/nodes', { method, body: { name: 'x' } })).rejects.toMatchObject({ status: 0 });
      expect(write).toHaveBeenCalledTimes(1);
    }

    const conflict = vi.fn(async () => json({ error: 'Taken', code: 'conflict' }, 409));
    vi.stubGlobal('fetch', conflict);
    await expect(http('', '/nodes')).rejects.toMatchObject({ status: 409 });
    expect(conflict).toHaveBeenCalledTimes(1); // an answer, not a hiccup
  });

  it('gives up after the timeout with status 0, and passes a caller’s abort through', async () => {
    const hang = vi.fn((_url: unknown, init?: RequestInit) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error))));
    vi.stubGlobal('fetch', hang);
    await expect(http('', '/slow', { method: 'POST', timeoutMs: 20 })).rejects.toMatchObject({ name: 'HttpError', status: 0, statusText: 'Timeout' });

    const controller = new AbortController();
    const call = http('', '/slow', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(hang).toHaveBeenCalledTimes(2); // the aborted read was not retried
  });

  it('reads the JSON error body of a failed download', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ error: 'Not found', code: 'not_found' }, 404)));
    await expect(http('', '/file', { responseType: 'blob' })).rejects.toMatchObject({ status: 404, data: { error: 'Not found', code: 'not_found' } });
  });
});
