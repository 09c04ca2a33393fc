import { ApiError } from './client';
import { HttpError } from './http';

/**
 * Whether a GET of one record by id failed because that record is not there: 404, or 400 — the
 * only thing a GET by id can get wrong is the id itself (the server validates it as a UUID), so
 * /nodes/view/not-a-uuid is "not found", not "failed to load". The API client throws ApiError;
 * plain HttpError is accepted too (calls made with http() directly).
 */
export function isNotFound(err: unknown): boolean {
  return (err instanceof ApiError || err instanceof HttpError) && (err.status === 404 || err.status === 400);
}
