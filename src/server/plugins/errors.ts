import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ApiErrorBody } from '../../contract';
import { AppError } from '../app-error';
import { DATABASE_RETRY_AFTER_SECONDS, isConnectionError } from '../db/connection/connection-errors';

/** Said when the database connection dropped under a request (failover, restart, network). */
export const DATABASE_UNAVAILABLE = 'The database connection was lost. Try again in a moment.';

export { AppError, badRequest } from '../app-error';
export const unauthorized = (message: string = MESSAGES.auth.notAuthenticated, code = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message: string = MESSAGES.auth.forbidden, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: string = MESSAGES.generic.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

/** PostgreSQL's unique_violation, with the index that fired. */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return null;
  return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1] ?? '';
}

/** One error shape for every failure: `{ error, code, details? }`; 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiErrorBody = { error: MESSAGES.generic.internal, code: 'internal_error' };

    if (err instanceof AppError) {
      status = err.statusCode;
      body = { error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}), ...err.extra };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => v.message ?? MESSAGES.generic.invalidInput);
      status = 400;
      body = { error: details[0] ?? MESSAGES.generic.invalidInput, code: 'validation_error', details };
    } else if (isConnectionError(err)) {
      // The pool discards the broken connection and opens a new one for the next request.
      status = 503;
      body = { error: DATABASE_UNAVAILABLE, code: 'database_unavailable' };
      void reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (err.statusCode === 429) {
      status = 429;
      body = { error: MESSAGES.auth.tooManyAttempts, code: 'rate_limited' };
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { error: err.message, code: (err.code ?? 'bad_request').toLowerCase() };
    }

    if (status === 503) request.log.warn({ err: err.message }, 'database connection lost');
    else if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.debug({ err: err.message, status }, 'request refused');
    return reply.status(status).send(body);
  });
});
