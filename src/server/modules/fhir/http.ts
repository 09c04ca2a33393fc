import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import { authenticate, bearer } from '../../plugins/access';
import { DATABASE_RETRY_AFTER_SECONDS, isConnectionError } from '../../db/connection/connection-errors';
import { depthLimitFor, jsonTextDepth, tooDeep } from '../../input-bounds';
import { FhirError, issueCodeOfStatus, outcome } from './outcome';

export const FHIR_PREFIX = '/fhir';
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The base every absolute FHIR url starts with: KG_PUBLIC_URL's origin when set, else the request's own. */
export function baseUrl(app: FastifyInstance, request: FastifyRequest): string {
  return `${app.config.publicUrl ?? `${request.protocol}://${request.host}`}${FHIR_PREFIX}`;
}

/** Media types that mean JSON to a FHIR client; XML and anything else are answered 406. */
const JSON_TYPES = new Set(['*/*', 'application/*', 'application/json', 'application/fhir+json', 'json', 'application/json+fhir']);

/** Whether the Accept header (or the `_format` parameter, which overrides it) allows JSON. */
export function acceptsJson(accept: string | undefined, format: string | undefined): boolean {
  if (format !== undefined) return JSON_TYPES.has(format.trim().toLowerCase());
  if (!accept || accept.trim() === '') return true;
  return accept.split(',').some((entry) => {
    const [type, ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return JSON_TYPES.has(type) && (!q || Number(q.slice(2)) > 0);
  });
}

export type Need = 'read' | 'write';

/**
 * The /api rules under /fhir: a bearer token of a live sign-in; reads need nodes.read (or nothing
 * with KG_FHIR_ANONYMOUS_READ=1), writes of terminology resources system.config. Runs in onRequest,
 * before the body is read.
 */
export function guard(app: FastifyInstance, need: Need) {
  return async (request: FastifyRequest) => {
    request.auth = await authenticate(app, bearer(request));
    if (need === 'read' && app.config.fhirAnonymousRead) return;
    if (!request.auth) throw new FhirError(401, 'login', 'Sign in first: send an access token (Authorization: Bearer …).');
    const permission = need === 'read' ? 'nodes.read' : 'system.config';
    if (!request.auth.permissions.includes(permission)) throw new FhirError(403, 'forbidden', `Your role lacks the permission ${permission}.`);
  };
}

/** Every error under /fhir as an OperationOutcome with its HTTP status; 5xx never shows internals. */
export function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let body = outcome('exception', 'The server could not complete the request.', 'internal_error');
  const e = err as { statusCode?: number; code?: string; message?: string; validation?: unknown };
  if (err instanceof FhirError) {
    status = err.statusCode;
    body = outcome(err.issueCode, err.message, undefined, err.expression, err.txCode);
  } else if (err instanceof AppError) {
    status = err.statusCode;
    body = outcome(issueCodeOfStatus(status), err.message, err.code);
  } else if (isConnectionError(err)) {
    status = 503;
    body = outcome('transient', 'The database connection was lost. Try again in a moment.', 'database_unavailable');
    void reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  } else if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    status = e.statusCode;
    // Fastify's own refusals: an unparsable body (400), an unsupported Content-Type (415), too large (413).
    body = outcome(status === 400 ? 'structure' : issueCodeOfStatus(status), e.message ?? 'Bad request', (e.code ?? 'bad_request').toLowerCase());
  }
  if (status >= 500) request.log.error({ err }, 'FHIR request failed');
  return reply.status(status).type(FHIR_JSON).send(body);
}

/** FHIR bodies arrive as application/fhir+json too: parsed like JSON, with the same nesting bound first. */
export function fhirJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    const limits = app.config.inputDepthLimits;
    const limit = depthLimitFor(request.url, limits, limits['/api'] ?? 64);
    if (jsonTextDepth(body as string, limit) > limit) return done(tooDeep(), undefined);
    void parse(request, body as string, done);
  };
}
