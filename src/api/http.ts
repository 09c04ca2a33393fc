import { FetchError, ofetch } from 'ofetch';

/**
 * The few things the API client needs from HTTP, on ofetch (in the shared core chunk, so every
 * element on a page loads it once). JSON bodies are sent as JSON, FormData/Blob as they are;
 * answers are parsed as JSON when the server says so, as a Blob when asked, else as text.
 * ofetch's FetchError is mapped to our one error type: a non-2xx answer rejects with HttpError
 * (status + parsed body); a network failure or a timeout with status 0. A caller's abort rejects
 * with the AbortError as before.
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
  /** Milliseconds before the call gives up (status 0); HTTP_TIMEOUT_MS unless given, none for file uploads. */
  timeoutMs?: number;
}

/** Long enough for the slowest list or export we serve, short enough that a dead server shows as one. */
export const HTTP_TIMEOUT_MS = 30_000;

/**
 * Retried once after a network failure, a timeout or a "try again" status: only reads. POST never
 * (a lost answer to a create must not create twice); PUT and DELETE neither, although idempotent
 * in HTTP: a replayed DELETE whose first attempt went through answers 404, and a replayed PUT can
 * trip the optimistic-concurrency check, both shown to the user as errors that did not happen.
 */
const RETRIED_METHODS = new Set(['GET', 'HEAD']);
// ofetch counts a network failure or timeout as 500, so 500 is listed; a read is harmless to repeat.
// 409 and 425 (in ofetch's default list) are answers here, not hiccups.
const RETRY_STATUS = [408, 429, 500, 502, 503, 504];
const RETRY_DELAY_MS = 300;

const isFormOrBlob = (b: unknown) => (typeof FormData !== 'undefined' && b instanceof FormData) || (typeof Blob !== 'undefined' && b instanceof Blob);

/** The caller's signal and the timeout as one signal (AbortSignal.any where the browser has it). */
function callSignal(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal | undefined {
  if (!timeoutMs || typeof AbortSignal.timeout !== 'function') return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

/** An error body asked for as a Blob (downloads) is read as the JSON it usually is. */
async function errorData(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return data === '' ? undefined : data;
  const text = await data.text().catch(() => '');
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** `base` + `path` with `query`; resolves with the parsed answer. */
export async function http<T>(base: string, path: string, o: HttpOptions = {}): Promise<T> {
  return (await httpWithStatus<T>(base, path, o)).data;
}

/**
 * As `http`, with the answer's status: a caller that must tell 202 Accepted ("taken, not done")
 * from 200/201 ("done") reads it here.
 */
export async function httpWithStatus<T>(base: string, path: string, o: HttpOptions = {}): Promise<{ status: number; data: T }> {
  const method = (o.method ?? 'GET').toUpperCase();
  const hasBody = o.body !== undefined && o.body !== null;
  const timeoutMs = o.timeoutMs ?? (hasBody && isFormOrBlob(o.body) ? 0 : HTTP_TIMEOUT_MS);
  try {
    const response = await ofetch.raw(`${base}${path}`, {
      method,
      query: o.query,
      body: hasBody ? (o.body as BodyInit | Record<string, unknown>) : undefined,
      headers: { accept: 'application/json', ...o.headers },
      responseType: o.responseType,
      signal: callSignal(o.signal, timeoutMs),
      retry: RETRIED_METHODS.has(method) ? 1 : 0,
      retryStatusCodes: RETRY_STATUS,
      retryDelay: RETRY_DELAY_MS,
    });
    const data: unknown = response._data;
    return { status: response.status, data: (data === '' ? undefined : data) as T };
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    if (err.response) throw new HttpError(err.response.status, err.response.statusText, await errorData(err.data));
    const cause = err.cause;
    if (cause instanceof Error && cause.name === 'AbortError' && o.signal?.aborted) throw cause;
    throw new HttpError(0, cause instanceof Error && cause.name === 'TimeoutError' ? 'Timeout' : '', undefined);
  }
}
