/**
 * The few things the API client needs from HTTP, on the platform's fetch (no library: every
 * widget carries this code). JSON bodies are sent as JSON, FormData/Blob as they are; answers
 * are parsed as JSON when the server says so, as a Blob when asked, else as text. A non-2xx
 * answer rejects with HttpError (status + parsed body); a network failure with status 0.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {
    super(status ? `HTTP ${status} ${statusText}` : 'Network error');
    this.name = 'HttpError';
  }
}

export interface HttpOptions {
  method?: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
}

const isRawBody = (b: unknown) =>
  typeof b === 'string' || (typeof FormData !== 'undefined' && b instanceof FormData) || (typeof Blob !== 'undefined' && b instanceof Blob) || b instanceof URLSearchParams || b instanceof ArrayBuffer;

async function parse(res: Response, responseType: HttpOptions['responseType']): Promise<unknown> {
  if (responseType === 'blob' && res.ok) return res.blob();
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  return /\bjson\b/.test(res.headers.get('content-type') ?? '') ? (JSON.parse(text) as unknown) : text;
}

/** `base` + `path` with `query`; resolves with the parsed answer. */
export async function http<T>(base: string, path: string, o: HttpOptions = {}): Promise<T> {
  let url = `${base}${path}`;
  if (o.query && Object.keys(o.query).length) {
    const q = new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)]));
    url += `${url.includes('?') ? '&' : '?'}${q}`;
  }
  const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
  let body: BodyInit | undefined;
  if (o.body !== undefined && o.body !== null) {
    if (isRawBody(o.body)) body = o.body as BodyInit;
    else {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
  }
  let res: Response;
  try {
    res = await fetch(url, { method: o.method ?? 'GET', headers, body, signal: o.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new HttpError(0, '', undefined);
  }
  const data = await parse(res, o.responseType).catch(() => undefined);
  if (!res.ok) throw new HttpError(res.status, res.statusText, data);
  return data as T;
}
