import { CONFLICT_TEXTS, EDIT_CONFLICT, MESSAGES, PROPOSAL_TEXTS, type ApiErrorBody, type AuthResponse, type ProposalRef } from '../contract';
import { HttpError, httpWithStatus as request } from './http';
import { sessionStoreFor, type SessionStore } from './session-store';

/** A failed call: `message` is the server's `error` text (or the caller's fallback). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A 412 `edit_conflict` (docs/architecture/versions.md): the write was made from a copy someone
 * else changed since, and nothing was written. `current` is the record as it is now.
 */
export class EditConflictError<T = unknown> extends ApiError {
  constructor(
    message: string,
    readonly current: T,
    readonly changedBy: { id: string; username: string } | null,
    readonly changedAt: string | null,
  ) {
    super(412, EDIT_CONFLICT, message);
    this.name = 'EditConflictError';
  }
}

/**
 * A write that review mode kept as a proposal: the server answered 202 `{ proposal: { id, state } }`
 * and changed nothing (docs/architecture/review.md). Thrown, not returned, so that no caller takes
 * the answer for the saved record it asked for: a form keeps the user's values, a list keeps the row.
 * Callers that know about review show `PROPOSAL_TEXTS.sent` with a link to My proposals; any other
 * shows the message like an error, which is still true ("Sent for review", not saved).
 */
export class ProposalSentError extends ApiError {
  constructor(readonly proposal: ProposalRef['proposal']) {
    super(202, PROPOSAL_SENT, PROPOSAL_TEXTS.sent);
    this.name = 'ProposalSentError';
  }
}
export const PROPOSAL_SENT = 'proposal_sent';
export const isProposalSent = (err: unknown): err is ProposalSentError => err instanceof ProposalSentError;

/** A 202 whose body names a proposal (a 202 of another kind, e.g. a started job, is an ordinary answer). */
function proposalOf(status: number, data: unknown): ProposalRef['proposal'] | null {
  if (status !== 202 || !data || typeof data !== 'object') return null;
  const proposal = (data as { proposal?: unknown }).proposal;
  if (!proposal || typeof proposal !== 'object') return null;
  const { id, state } = proposal as { id?: unknown; state?: unknown };
  return typeof id === 'string' && typeof state === 'string' ? ({ id, state } as ProposalRef['proposal']) : null;
}

export const isEditConflict = <T = unknown>(err: unknown): err is EditConflictError<T> => err instanceof EditConflictError;

/** `If-Match` for the version a write was made from (undefined: none, an unconditional write). */
export const ifMatch = (version: number | null | undefined): { ifMatch?: number } => (typeof version === 'number' ? { ifMatch: version } : {});

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Skip the bearer token and the refresh-on-401 (sign-in, registration, refresh). */
  anonymous?: boolean;
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  /** The record's version this write was made from: sent as `If-Match: "<n>"` (412 when stale). */
  ifMatch?: number;
  /** The server's FHIR base (/fhir) instead of /api: same session, FHIR JSON, OperationOutcome errors. */
  fhir?: boolean;
}

export interface ApiClient {
  readonly base: string;
  readonly session: SessionStore;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  /** Origin (and path) of the server; '' means the page's own origin. The client adds /api. */
  base?: string;
  /**
   * Called when the session is gone for good (a 401 that a refresh could not fix). For a page-long
   * singleton (the host's session). Anything that goes away again (a component) uses
   * `onSessionExpired(base, handler)`, which returns the unsubscribe, so handlers do not pile up.
   */
  onSessionExpired?: () => void;
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HttpError) {
    const body = (err.data && typeof err.data === 'object' ? err.data : undefined) as Partial<ApiErrorBody> | undefined;
    if (err.status === 0) return new ApiError(0, 'network_error', MESSAGES.generic.network);
    if (err.status === 412 && body?.code === EDIT_CONFLICT) {
      return new EditConflictError(CONFLICT_TEXTS.stale, body.current, body.changedBy ?? null, body.changedAt ?? null);
    }
    // Under /fhir an error is an OperationOutcome: its first issue's text and code, its element paths as details.
    const outcome = err.data as { resourceType?: string; issue?: { code?: string; details?: { text?: string }; expression?: string[] }[] } | undefined;
    const issue = outcome?.resourceType === 'OperationOutcome' ? outcome.issue?.[0] : undefined;
    if (issue) return new ApiError(err.status, issue.code ?? 'http_error', issue.details?.text ?? (err.statusText || `HTTP ${err.status}`), issue.expression);
    return new ApiError(err.status, body?.code ?? 'http_error', body?.error ?? (err.statusText || `HTTP ${err.status}`), body?.details);
  }
  return new ApiError(0, 'network_error', err instanceof Error ? err.message : MESSAGES.generic.network);
}

const clients = new Map<string, ApiClient>();
const expiredHandlers = new Map<string, Set<() => void>>();
const normalizeBase = (base = '') => base.replace(/\/+$/, '');

/** Runs `handler` when the session of `base` is gone for good; returns the unsubscribe. */
export function onSessionExpired(base: string, handler: () => void): () => void {
  const key = normalizeBase(base);
  const set = expiredHandlers.get(key) ?? new Set();
  set.add(handler);
  expiredHandlers.set(key, set);
  return () => {
    set.delete(handler);
    if (set.size === 0 && expiredHandlers.get(key) === set) expiredHandlers.delete(key);
  };
}

/**
 * The API client for a base URL: bearer token from the shared session, one refresh and one
 * retry on 401, then the session is cleared and `onSessionExpired` runs. A 403 is an answer
 * ("not allowed") and is thrown as an ApiError; it does not end the session (DESIGN §6).
 */
export function apiClient(options: ApiClientOptions = {}): ApiClient {
  const base = normalizeBase(options.base);
  if (options.onSessionExpired) onSessionExpired(base, options.onSessionExpired);
  const existing = clients.get(base);
  if (existing) return existing;

  const session = sessionStoreFor(base);
  const http = <T>(path: string, o: Parameters<typeof request>[2], root = '/api') => request<T>(`${base}${root}`, path, o);

  const refresh = (): Promise<boolean> => {
    const token = session.refreshToken;
    if (!token) return Promise.resolve(false);
    session.refreshing ??= http<AuthResponse>('/auth/refresh', { method: 'POST', body: { refreshToken: token } })
      .then(({ data: res }) => {
        session.setTokens(res.accessToken, res.refreshToken);
        session.setUser(res.user);
        return true;
      })
      .catch(() => false)
      .finally(() => {
        session.refreshing = null;
      });
    return session.refreshing;
  };

  const send = async <T>(path: string, o: RequestOptions): Promise<T> => {
    const token = o.anonymous ? null : session.accessToken;
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (o.ifMatch !== undefined) headers['If-Match'] = `"${o.ifMatch}"`;
    if (o.fhir) {
      headers.accept = 'application/fhir+json';
      if (o.body !== undefined) headers['content-type'] = 'application/fhir+json';
    }
    const query = o.query ? Object.fromEntries(Object.entries(o.query).filter(([, v]) => v !== undefined && v !== null && v !== '')) : undefined;
    const { status, data } = await http<T>(path, {
      method: o.method ?? 'GET',
      query: query as Record<string, string | number | boolean> | undefined,
      body: o.body,
      headers: Object.keys(headers).length ? headers : undefined,
      responseType: o.responseType,
      signal: o.signal,
    }, o.fhir ? '/fhir' : '/api');
    const proposal = proposalOf(status, data);
    if (proposal) throw new ProposalSentError(proposal);
    return data;
  };

  const client: ApiClient = {
    base,
    session,
    async request<T>(path: string, o: RequestOptions = {}): Promise<T> {
      try {
        return await send<T>(path, o);
      } catch (raw) {
        const err = toApiError(raw);
        if (err.status !== 401 || o.anonymous) throw err;
        const hadToken = !!session.accessToken;
        if (hadToken && (await refresh())) {
          try {
            return await send<T>(path, o);
          } catch (retryRaw) {
            const retryErr = toApiError(retryRaw);
            if (retryErr.status !== 401) throw retryErr;
          }
        }
        session.clear();
        for (const handler of [...(expiredHandlers.get(base) ?? [])]) handler();
        throw err;
      }
    },
  };
  clients.set(base, client);
  return client;
}
